/* Skein v1.3 hashing and Skein-MAC over UBI (spec sec. 3.5-3.6), the part
 * shared by the three widths: see skein.h.  It reaches Threefish only
 * through the descriptor, so this object links none of them; skein256.c,
 * skein512.c and skein1024.c each bind one width. */
#include "skein.h"
#include "../../common/hb_util.h"

/* sec. 3.5.1 / Table 6: UBI type values, tweak bits 120..125; first/final flags */
#define T_KEY 0u
#define T_CFG 4u
#define T_MSG 48u
#define T_OUT 63u
#define T_FIRST (1ULL << 62)
#define T_FINAL (1ULL << 63)
#define T_START(type) (T_FIRST | ((uint64_t)(type) << 56))

/* UBI of a whole string already in memory (key, configuration), starting
 * from the chaining value in S[2..]; buf (one block) is scratch. */
static void ubi_all(const hb_skein_desc *d, uint64_t *S, unsigned type, const uint8_t *in, size_t len,
                    uint8_t *buf)
{
    size_t bs = 8u * d->nw;
    S[0] = 0;
    S[1] = T_START(type);
    if (len > bs) {
        size_t n = (len - 1) / bs;      /* all but the last (possibly full) block */
        d->ubi(S, in, n, bs);
        in += n * bs;
        len -= n * bs;
    }
    S[1] |= T_FINAL;
    memset(buf, 0, bs);
    memcpy(buf, in, len);
    d->ubi(S, buf, 1, len);
}

int hb_skein_start(const hb_skein_desc *d, uint64_t *S, hb_md *md, uint16_t *out_len, uint8_t *buf,
                   const hb_params *p, size_t def, HB_ROM uint64_t *iv)
{
    size_t out = def, i;
    uint8_t cfg[32];
    uint64_t bits;
    if (p) {
        if (p->custom_len || p->salt_len || p->pers_len) return HB_ERR_PARAM;
        if (p->out_len) out = p->out_len;
    }
    if (out > 0xffffu) return HB_ERR_OUTLEN;
    if (out != def || (p && p->key_len)) iv = NULL;
    if (iv) {
        /* the configuration block's output for this length, precomputed
         * (tools/gen_skein_iv.py): hashing starts without a Threefish call */
        for (i = 0; i < d->nw; i++) S[2 + i] = HB_ROM_U64(iv, i);
    } else {
        memset(S, 0, (2u + d->nw) * sizeof(uint64_t));
        /* Skein-MAC (sec. 3.5.2): K' = UBI(0, key, Key); an empty key means none */
        if (p && p->key_len) ubi_all(d, S, T_KEY, p->key, p->key_len, buf);
        /* configuration block (sec. 3.5.2, Table 7): schema "SHA3", version 1,
         * output length in bits, tree parameters 0 (sequential) */
        memset(cfg, 0, sizeof cfg);
        cfg[0] = 0x53; cfg[1] = 0x48; cfg[2] = 0x41; cfg[3] = 0x33;
        cfg[4] = 1;
        bits = (uint64_t)out * 8u;
        hb_store64_le(cfg + 8, bits);
        ubi_all(d, S, T_CFG, cfg, sizeof cfg, buf);
    }
    /* the message UBI starts */
    S[0] = 0;
    S[1] = T_START(T_MSG);
    hb_md_reset(md);
    *out_len = (uint16_t)out;
    return HB_OK;
}

void hb_skein_finish(const hb_skein_desc *d, uint64_t *S, hb_md *md, uint16_t out_len, uint8_t *buf,
                     uint8_t *out, size_t want)
{
    size_t bs = 8u * d->nw, u = md->used, off, i, w, n;
    /* static on the 8051 (HB_SCRATCH): its pdata stack is 256 bytes */
    HB_SCRATCH uint64_t Y[2 + 16];
    uint64_t *G = Y;
    uint8_t word[8];
    /* last message block (all zeros for the empty message) */
    memset(buf + u, 0, bs - u);
    S[1] |= T_FINAL;
    d->ubi(S, buf, 1, u);
    md->used = 0;
    /* output (sec. 3.5.3): UBI(G, counter, Out) for counter 0, 1, ...,
     * each giving bs bytes, the last one cut.  final runs once per
     * context, so when one output block is enough it is computed in S
     * itself: G need not be kept, and copying it costs a store-forwarding
     * stall on x86-64 (wide loads of words just stored one by one). */
    if (want > out_len) want = out_len;
    memset(buf, 0, bs);
    if (want <= bs) G = S;
    for (off = 0, i = 0; off < want; i++) {
        if (G != S) memcpy(Y + 2, S + 2, bs);
        G[0] = 0;
        G[1] = T_START(T_OUT) | T_FINAL;
        hb_store64_le(buf, (uint64_t)i);
        d->ubi(G, buf, 1, 8);
        for (w = 0; w < d->nw && off < want; w++, off += n) {
            n = want - off < 8 ? want - off : 8;
            if (n == 8) {
                hb_store64_le(out + off, G[2 + w]);
            } else {
                hb_store64_le(word, G[2 + w]);
                memcpy(out + off, word, n);
            }
        }
    }
}
