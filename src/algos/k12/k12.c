/* TurboSHAKE and KangarooTwelve (RFC 9861): see k12.h */
#include "k12.h"
#include "../../common/hb_util.h"

#define KT_CHUNK 8192u

static int ts_init(void *ctx, const hb_params *p, unsigned cap)
{
    uint8_t d = 0x1F;
    if (p) {
        if (p->key_len) return HB_ERR_KEY;
        if (p->salt_len || p->pers_len || p->custom_len > 1) return HB_ERR_PARAM;
        if (p->custom_len == 1) {
            if (!p->custom || p->custom[0] < 0x01 || p->custom[0] > 0x7F) return HB_ERR_PARAM;
            d = p->custom[0];
        }
    }
    hb_keccak_start((hb_keccak_ctx *)ctx, cap, d, 12);
    return HB_OK;
}

int hb_turboshake128_init(void *ctx, const hb_params *p) HB_REENTRANT { return ts_init(ctx, p, 32); }
int hb_turboshake256_init(void *ctx, const hb_params *p) HB_REENTRANT { return ts_init(ctx, p, 64); }

static int kt_init(hb_kt_ctx *c, const hb_params *p, unsigned cap)
{
    if (p) {
        if (p->key_len) return HB_ERR_KEY;
        if (p->salt_len || p->pers_len) return HB_ERR_PARAM;
        if (p->custom_len && !p->custom) return HB_ERR_PARAM;
    }
    memset(c, 0, sizeof *c);
    c->cap = (uint8_t)cap;
    c->cv_len = (uint8_t)cap;
    hb_keccak_start(&c->node, cap, 0x07, 12);
    if (p && p->custom_len) {
        c->custom_len = p->custom_len;
        if (p->custom_len <= HB_KT_CUSTOM_INLINE) memcpy(c->custom, p->custom, p->custom_len);
        else c->custom_ext = p->custom;
    }
    return HB_OK;
}

int hb_kt128_init(void *ctx, const hb_params *p) HB_REENTRANT { return kt_init((hb_kt_ctx *)ctx, p, 32); }
int hb_kt256_init(void *ctx, const hb_params *p) HB_REENTRANT { return kt_init((hb_kt_ctx *)ctx, p, 64); }

/* the chunk in the leaf sponge is complete: absorb its CV into the node */
static void kt_leaf_done(hb_kt_ctx *c)
{
    uint8_t cv[64];
    hb_keccak_final(&c->leaf, cv, c->cv_len);
    hb_keccak_update(&c->node, cv, c->cv_len);
    c->leaves++;
}

void hb_kt_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    static const uint8_t first_sep[8] = {0x03, 0, 0, 0, 0, 0, 0, 0};
    hb_kt_ctx *c = (hb_kt_ctx *)ctx;
    while (len) {
        size_t take, off;
        if (c->total < KT_CHUNK) {
            take = (size_t)(KT_CHUNK - c->total);
            if (take > len) take = len;
            hb_keccak_update(&c->node, in, take);
        } else {
            /* a byte beyond S_0 exists: the tree form is certain now */
            if (c->total == KT_CHUNK) hb_keccak_update(&c->node, first_sep, 8);
            off = (size_t)((c->total - KT_CHUNK) % KT_CHUNK);
#if HB_KT_MANY > 1
            /* whole leaves that arrive together are independent: the
             * kernel hashes them side by side (k12.h) */
            if (off == 0 && len >= 2 * (size_t)KT_CHUNK) {
                uint8_t cvs[HB_KT_MANY * 64];
                size_t n = len / KT_CHUNK;
                if (n > HB_KT_MANY) n = HB_KT_MANY;
                hb_kt_leaves(in, n, c->cv_len, cvs);
                hb_keccak_update(&c->node, cvs, n * c->cv_len);
                c->leaves += n;
                take = n * KT_CHUNK;
                c->total += take;
                in += take;
                len -= take;
                continue;
            }
#endif
            if (off == 0) hb_keccak_start(&c->leaf, c->cap, 0x0B, 12);
            take = KT_CHUNK - off;
            if (take > len) take = len;
            hb_keccak_update(&c->leaf, in, take);
            if (off + take == KT_CHUNK) kt_leaf_done(c);
        }
        c->total += take;
        in += take;
        len -= take;
    }
}

/* length_encode(x) of RFC 9861 sec. 3.3: big-endian x without leading
 * zero bytes, then the number of those bytes.  Returns the length. */
static size_t length_encode(uint8_t *b, uint64_t x)
{
    size_t n = 0, i;
    uint64_t t;
    for (t = x; t; t >>= 8) n++;
    for (i = 0; i < n; i++) b[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    b[n] = (uint8_t)n;
    return n + 1;
}

void hb_kt_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_kt_ctx *c = (hb_kt_ctx *)ctx;
    if (!c->node.sp.squeezing) {
        uint8_t enc[11];
        size_t n = length_encode(enc, c->custom_len);
        hb_kt_update(c, c->custom_ext ? c->custom_ext : c->custom, (size_t)c->custom_len);
        hb_kt_update(c, enc, n);
        if (c->total > KT_CHUNK) {
            if ((c->total - KT_CHUNK) % KT_CHUNK) kt_leaf_done(c);
            n = length_encode(enc, c->leaves);
            enc[n++] = 0xFF;
            enc[n++] = 0xFF;
            hb_keccak_update(&c->node, enc, n);
            c->node.ds = 0x06;
        }
    }
    hb_keccak_final(&c->node, out, out_len);
}
