/* cSHAKE, KMAC, KMACXOF (NIST SP 800-185): see sp800_185.h */
#include "sp800_185.h"
#include "../../common/hb_util.h"

/* left_encode / right_encode (sec. 2.3.1): x big-endian in the fewest
 * bytes (at least one), the byte count before (left) or after (right). */
static size_t enc_bytes(uint64_t x)
{
    size_t n = 1;
    while (n < 8 && (x >> (8 * n))) n++;
    return n;
}
static size_t left_encode(uint8_t *b, uint64_t x)
{
    size_t n = enc_bytes(x), i;
    b[0] = (uint8_t)n;
    for (i = 0; i < n; i++) b[1 + i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    return n + 1;
}
static size_t right_encode(uint8_t *b, uint64_t x)
{
    size_t n = enc_bytes(x), i;
    for (i = 0; i < n; i++) b[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    b[n] = (uint8_t)n;
    return n + 1;
}

static void absorb_left(hb_keccak_ctx *k, uint64_t x)
{
    uint8_t b[9];
    hb_keccak_update(k, b, left_encode(b, x));
}
/* encode_string(X) = left_encode(8|X|) || X */
static void absorb_string(hb_keccak_ctx *k, const uint8_t *x, size_t len)
{
    absorb_left(k, (uint64_t)len << 3);
    hb_keccak_update(k, x, len);
}
/* bytepad's zero fill: the rest of the block is zero already, so close it */
static void close_block(hb_keccak_ctx *k)
{
    if (k->sp.pos) {
        hb_keccakp1600_permute(k->A, k->sp.rounds);
        k->sp.pos = 0;
    }
}

/* cSHAKE prefix bytepad(encode_string(N) || encode_string(S), rate) */
static void cshake_start(hb_keccak_ctx *k, unsigned cap, const uint8_t *n, size_t nlen,
                         const uint8_t *s, size_t slen)
{
    if (!nlen && !slen) { /* cSHAKE(X, L, "", "") = SHAKE(X, L) */
        hb_keccak_start(k, cap, 0x1F, 24);
        return;
    }
    hb_keccak_start(k, cap, 0x04, 24);
    absorb_left(k, k->sp.rate);
    absorb_string(k, n, nlen);
    absorb_string(k, s, slen);
    close_block(k);
}

static int cshake_init(void *ctx, const hb_params *p, unsigned cap)
{
    hb_sp800_185_ctx *c = (hb_sp800_185_ctx *)ctx;
    const uint8_t *s = NULL;
    size_t slen = 0;
    if (p) {
        if (p->key_len) return HB_ERR_KEY;
        if (p->salt_len || p->pers_len || (p->custom_len && !p->custom)) return HB_ERR_PARAM;
        s = p->custom;
        slen = p->custom_len;
    }
    cshake_start(&c->k, cap, NULL, 0, s, slen);
    c->kmac = 0;
    c->out_bits = 0;
    return HB_OK;
}

static int kmac_init(void *ctx, const hb_params *p, unsigned cap, size_t def_len, int xof)
{
    static const uint8_t name[4] = {'K', 'M', 'A', 'C'};
    hb_sp800_185_ctx *c = (hb_sp800_185_ctx *)ctx;
    size_t out_len = def_len;
    if (!p || !p->key) return HB_ERR_KEY;
    if (p->salt_len || p->pers_len || (p->custom_len && !p->custom)) return HB_ERR_PARAM;
    if (!xof && p->out_len) out_len = p->out_len;
    cshake_start(&c->k, cap, name, 4, p->custom, p->custom_len);
    /* newX = bytepad(encode_string(K), rate) || X || right_encode(L) */
    absorb_left(&c->k, c->k.sp.rate);
    absorb_string(&c->k, p->key, p->key_len);
    close_block(&c->k);
    c->kmac = 1;
    c->out_bits = xof ? 0 : (uint64_t)out_len << 3;
    return HB_OK;
}

int hb_cshake128_init(void *ctx, const hb_params *p) HB_REENTRANT { return cshake_init(ctx, p, 32); }
int hb_cshake256_init(void *ctx, const hb_params *p) HB_REENTRANT { return cshake_init(ctx, p, 64); }
int hb_kmac128_init(void *ctx, const hb_params *p) HB_REENTRANT { return kmac_init(ctx, p, 32, 32, 0); }
int hb_kmac256_init(void *ctx, const hb_params *p) HB_REENTRANT { return kmac_init(ctx, p, 64, 64, 0); }
int hb_kmacxof128_init(void *ctx, const hb_params *p) HB_REENTRANT { return kmac_init(ctx, p, 32, 32, 1); }
int hb_kmacxof256_init(void *ctx, const hb_params *p) HB_REENTRANT { return kmac_init(ctx, p, 64, 64, 1); }

void hb_sp800_185_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_keccak_update(&((hb_sp800_185_ctx *)ctx)->k, in, len);
}

void hb_sp800_185_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_sp800_185_ctx *c = (hb_sp800_185_ctx *)ctx;
    if (c->kmac && !c->k.sp.squeezing) {
        uint8_t b[9];
        hb_keccak_update(&c->k, b, right_encode(b, c->out_bits));
    }
    hb_keccak_final(&c->k, out, out_len);
}
