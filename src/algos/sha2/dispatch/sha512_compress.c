/* SHA-512 has one host form: the unrolled portable one */
#include "../unrolled/sha512_compress.c"
