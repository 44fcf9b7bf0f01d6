/* the AES-NI block cipher under its own names, for the dispatch */
#define hb_aes128_expand hb_aes128_expand_aesni
#define hb_aes128_encrypt hb_aes128_encrypt_aesni
#define hb_aes128_cbcmac hb_aes128_cbcmac_aesni
#include "../aesni/aes128.c"
