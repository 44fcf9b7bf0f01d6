/* SHA-512 of the window implementation: the 8-bit cores it is made for
 * run the rolled form's 64-bit rounds (see ../impls.toml). */
#include "../rolled/sha512_compress.c"
