/* AES-128 encryption in C over the AES round of ../../aes (aes_round.h:
 * the aes selection picks 4 KiB, 1 KiB or S-box-only tables), for CMAC
 * (../cmac.h).  Every target links this form. */
#include "../cmac.h"
#include "../../aes/aes_round.h"
#include "../../../common/hb_util.h"

/* S-box applied to the four bytes of a word */
static uint32_t sub_word(uint32_t w) HB_REENTRANT
{
    return (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 0))
         | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 1)) << 8
         | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 2)) << 16
         | (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(w, 3)) << 24;
}

void hb_aes128_expand(hb_aes128_key *k, const uint8_t key[16]) HB_REENTRANT
{
    uint32_t rcon = 1, t;
    unsigned i;
    for (i = 0; i < 4; i++) k->rk[i] = hb_load32_le(key + 4 * i);
    for (i = 4; i < 44; i++) {
        t = k->rk[i - 1];
        if ((i & 3) == 0) {
            /* RotWord moves byte 1 to byte 0: a right rotation of the
             * little-endian word; Rcon sits in byte 0 */
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11bu);
        }
        k->rk[i] = k->rk[i - 4] ^ t;
    }
}

void hb_aes128_encrypt(const hb_aes128_key *k, const uint8_t in[16], uint8_t out[16]) HB_REENTRANT
{
    uint32_t x[4], y0, y1, y2, y3;
    unsigned r, c;
    for (c = 0; c < 4; c++) x[c] = hb_load32_le(in + 4 * c) ^ k->rk[c];
    for (r = 1; r < 10; r++) {
        hb_aes_round_le(x);
        for (c = 0; c < 4; c++) x[c] ^= k->rk[4 * r + c];
    }
    /* last round: no MixColumns; row r of column c from column c + r */
#define LAST(a, b, cc, d) \
    ((uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(a, 0)) | \
     (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(b, 1)) << 8 | \
     (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(cc, 2)) << 16 | \
     (uint32_t)HB_ROM_U8(hb_aes_sbox, HB_AES_B(d, 3)) << 24)
    y0 = LAST(x[0], x[1], x[2], x[3]) ^ k->rk[40];
    y1 = LAST(x[1], x[2], x[3], x[0]) ^ k->rk[41];
    y2 = LAST(x[2], x[3], x[0], x[1]) ^ k->rk[42];
    y3 = LAST(x[3], x[0], x[1], x[2]) ^ k->rk[43];
#undef LAST
    hb_store32_le(out, y0);
    hb_store32_le(out + 4, y1);
    hb_store32_le(out + 8, y2);
    hb_store32_le(out + 12, y3);
}

void hb_aes128_cbcmac(const hb_aes128_key *k, uint8_t x[16], const uint8_t *in, size_t nblocks) HB_REENTRANT
{
    unsigned i;
    for (; nblocks; nblocks--, in += 16) {
        for (i = 0; i < 16; i++) x[i] ^= in[i];
        hb_aes128_encrypt(k, x, x);
    }
}
