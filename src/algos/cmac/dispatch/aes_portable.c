/* the portable block cipher under its own names, for the dispatch (the
 * form every target links; here so that the host runs and tests it too) */
#define hb_aes128_expand hb_aes128_expand_portable
#define hb_aes128_encrypt hb_aes128_encrypt_portable
#define hb_aes128_cbcmac hb_aes128_cbcmac_portable
#include "../portable/aes128.c"
