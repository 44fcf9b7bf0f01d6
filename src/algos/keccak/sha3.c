/* SHA-3, SHAKE and original Keccak: the generic sponge with parameters. */
#include "keccak.h"
#include "../../common/hb_util.h"

void hb_keccak_start(hb_keccak_ctx *c, unsigned cap_bytes, uint8_t ds, unsigned rounds)
{
    memset(c->A, 0, sizeof c->A);
    hb_sponge_init(&c->sp, 200 - cap_bytes, rounds);
    c->ds = ds;
}

/* fixed-length variants: capacity = 2 x digest */
#define HB_KECCAK_FIXED(fn, digest, dsbyte)                               \
    int fn(void *ctx, const hb_params *p) HB_REENTRANT                    \
    {                                                                     \
        int r = hb_params_fixed(p, digest);                               \
        if (r) return r;                                                  \
        hb_keccak_start((hb_keccak_ctx *)ctx, 2 * (digest), dsbyte, 24);  \
        return HB_OK;                                                     \
    }
/* XOFs: SHAKE128 has capacity 256 bits, SHAKE256 512 bits */
#define HB_KECCAK_XOF(fn, cap)                                            \
    int fn(void *ctx, const hb_params *p) HB_REENTRANT                    \
    {                                                                     \
        int r = hb_params_plain(p);                                       \
        if (r) return r;                                                  \
        hb_keccak_start((hb_keccak_ctx *)ctx, cap, 0x1F, 24);             \
        return HB_OK;                                                     \
    }

HB_KECCAK_FIXED(hb_sha3_224_init, 28, 0x06)
HB_KECCAK_FIXED(hb_sha3_256_init, 32, 0x06)
HB_KECCAK_FIXED(hb_sha3_384_init, 48, 0x06)
HB_KECCAK_FIXED(hb_sha3_512_init, 64, 0x06)
HB_KECCAK_FIXED(hb_keccak_224_init, 28, 0x01)
HB_KECCAK_FIXED(hb_keccak_256_init, 32, 0x01)
HB_KECCAK_FIXED(hb_keccak_384_init, 48, 0x01)
HB_KECCAK_FIXED(hb_keccak_512_init, 64, 0x01)
HB_KECCAK_XOF(hb_shake_128_init, 32)
HB_KECCAK_XOF(hb_shake_256_init, 64)

void hb_keccak_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_keccak_ctx *c = (hb_keccak_ctx *)ctx;
    hb_sponge_absorb(&hb_keccakp1600, c->A, &c->sp, in, len);
}

void hb_keccak_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_keccak_ctx *c = (hb_keccak_ctx *)ctx;
    if (!c->sp.squeezing) hb_sponge_pad(&hb_keccakp1600, c->A, &c->sp, c->ds, 0x80);
    hb_sponge_squeeze(&hb_keccakp1600, c->A, &c->sp, out, out_len);
}
