/*
 * ascon.h -- the Ascon permutation and the Ascon hash family of NIST
 * SP 800-232 (the final standard, which differs from the Ascon v1.2
 * submission: new IVs and little-endian byte order).
 *
 * hb_asconp: the 320-bit Ascon-p state as five 64-bit words S0..S4; the
 * byte view is word S[i>>3], byte i&7 little-endian (SP 800-232 sec. 2.1),
 * so the rate of the hash modes is the 8 bytes of S0.  permute(st, r) is
 * Ascon-p[r], the last r of the 16 round constants.
 *
 * ascon_hash256 (32 bytes), ascon_xof128 (XOF), ascon_cxof128 (XOF with a
 * customisation string Z = params->custom of at most 256 bytes, HB_ERR_PARAM
 * beyond): the generic sponge with rate 8, 12 rounds, padding 0x01 at the
 * message end and no trailing bit; the IV word is permuted once at init,
 * CXOF then absorbs int64(8|Z|) and the padded Z before the message.
 */
#ifndef HB_ASCON_H
#define HB_ASCON_H

#include "hashbench.h"
#include "../../modes/sponge.h"

/* Each form of the permutation (impls.toml) defines hb_asconp_permute and
 * hb_asconp_absorb; hb_asconp (asconp_bytes.c) puts the former behind the
 * sponge's interface.
 * hb_asconp_absorb: the sponge of the hash modes over whole 8-byte blocks
 * (S0 ^= block, Ascon-p[12]) for the longest multiple of 8 in len; returns
 * the bytes it took.  The caller is at a block boundary. */
extern const hb_perm hb_asconp;
void hb_asconp_permute(void *st, unsigned rounds) HB_REENTRANT;
size_t hb_asconp_absorb(uint64_t *S, const uint8_t *in, size_t len) HB_REENTRANT;

typedef struct hb_ascon_ctx {
    uint64_t S[5];
    hb_sponge sp;
} hb_ascon_ctx;

#define HB_ASCON_CXOF_MAX_Z 256 /* 2048 bits, SP 800-232 sec. 5.3 */

int hb_ascon_hash256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_ascon_xof128_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_ascon_cxof128_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_ascon_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_ascon_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;

#endif
