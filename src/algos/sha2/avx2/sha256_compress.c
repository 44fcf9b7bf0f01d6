/* SHA-256 of the avx2 implementation: the kernel is SHA-512's (its 64-bit
 * lanes); SHA-256 is the unrolled portable form. */
#include "../unrolled/sha256_compress.c"
