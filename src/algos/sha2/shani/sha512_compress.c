/* SHA-512 of the shani implementation: the SHA extensions have no 64-bit
 * rounds, so it is the unrolled portable form. */
#include "../unrolled/sha512_compress.c"
