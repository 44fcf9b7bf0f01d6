/* ECHO of the aesni form under its own names, for the dispatch (dispatch.c):
 * ECHO's forms are whole hashes (each includes echo_big.h), so every
 * public name is renamed, not only the compression */
#define hb_echo_224_init hb_echo_224_init_aesni
#define hb_echo_256_init hb_echo_256_init_aesni
#define hb_echo_384_init hb_echo_384_init_aesni
#define hb_echo_512_init hb_echo_512_init_aesni
#define hb_echo_update hb_echo_update_aesni
#define hb_echo_final hb_echo_final_aesni
#define hb_echo_compress hb_echo_compress_aesni
#include "../aesni/echo.c"
