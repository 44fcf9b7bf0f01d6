/* Skein v1.3 hashing and Skein-MAC over UBI (spec sec. 3.5-3.6), the part
 * shared by the three widths: see skein.h.  skein256.c, skein512.c and
 * skein1024.c each include it and bind it to their width's descriptor, a
 * constant there: the block size becomes a constant (fixed-size buffer
 * clearing, no loops over the word count) and the calls to Threefish
 * direct (Skein-512 at 64 B on x86-64: about 12 of 480 cycles against one
 * object shared by the widths).  An image links only its own width's
 * Threefish. */
#ifndef HB_SKEIN_MODE_H
#define HB_SKEIN_MODE_H
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

/* the chaining value when no precomputed one fits: the key's UBI (if
 * any), then the configuration block's, from zero */
static void skein_config(const hb_skein_desc *d, uint64_t *S, const hb_params *p, size_t out, uint8_t *buf)
{
    uint8_t cfg[32];
    memset(S, 0, (2u + d->nw) * sizeof(uint64_t));
    /* Skein-MAC (sec. 3.5.2): K' = UBI(0, key, Key); an empty key means none */
    if (p && p->key_len) ubi_all(d, S, T_KEY, p->key, p->key_len, buf);
    /* configuration block (sec. 3.5.2, Table 7): schema "SHA3", version 1,
     * output length in bits, tree parameters 0 (sequential) */
    memset(cfg, 0, sizeof cfg);
    cfg[0] = 0x53; cfg[1] = 0x48; cfg[2] = 0x41; cfg[3] = 0x33;
    cfg[4] = 1;
    hb_store64_le(cfg + 8, (uint64_t)out * 8u);
    ubi_all(d, S, T_CFG, cfg, sizeof cfg, buf);
}

static int skein_start(const hb_skein_desc *d, uint64_t *S, hb_md *md, uint16_t *out_len, uint8_t *buf,
                       const hb_params *p, size_t def, HB_ROM uint64_t *iv)
{
    size_t out = def, i;
    if (p) {
        if (p->custom_len || p->salt_len || p->pers_len) return HB_ERR_PARAM;
        if (p->out_len) out = p->out_len;
    }
    if (out > 0xffffu) return HB_ERR_OUTLEN;
    if (out == def && !(p && p->key_len)) {
        /* the configuration block's output for this length, precomputed
         * (tools/gen_skein_iv.py): hashing starts without a Threefish call */
        for (i = 0; i < d->nw; i += 2) {   /* both loads before the stores */
            uint64_t w0 = HB_ROM_U64(iv, i), w1 = HB_ROM_U64(iv, i + 1);
            S[2 + i] = w0; S[3 + i] = w1;
        }
    } else {
        skein_config(d, S, p, out, buf);
    }
    /* the message UBI starts */
    S[0] = 0;
    S[1] = T_START(T_MSG);
    hb_md_reset(md);
    *out_len = (uint16_t)out;
    return HB_OK;
}

/* output bytes off..want-1 (at most one block's) from the words G[2..] */
static void put_words(const uint64_t *G, uint8_t *out, size_t off, size_t want)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* the words in memory are the output's bytes: one copy.  Word by word,
     * gcc 12 builds the high half of each 64-bit word byte by byte (bfi)
     * on the Cortex-M4: 113 modelled cycles for Skein-512-256's four */
    memcpy(out + off, G + 2, want - off);
#else
    uint8_t word[8];
    size_t w = 0;
    for (; off + 8 <= want; off += 8, w++) hb_store64_le(out + off, G[2 + w]);
    if (off < want) {
        hb_store64_le(word, G[2 + w]);
        memcpy(out + off, word, want - off);
    }
#endif
}

static void skein_finish(const hb_skein_desc *d, uint64_t *S, hb_md *md, uint16_t out_len, uint8_t *buf,
                         uint8_t *out, size_t want)
{
    size_t bs = 8u * d->nw, u = md->used, off, i;
    /* static on the 8051 (HB_SCRATCH): its pdata stack is 256 bytes */
    HB_SCRATCH uint64_t Y[2 + 16];
    /* last message block (all zeros for the empty message); a full one
     * needs no call (a 64-byte message: about 15 modelled cycles on the
     * Cortex-M4) */
    if (u < bs) memset(buf + u, 0, bs - u);
    S[1] |= T_FINAL;
    md->used = 0;
    if (want > out_len) want = out_len;
    /* output (sec. 3.5.3): UBI(G, counter, Out) for counter 0, 1, ...,
     * each giving bs bytes, the last one cut.  final runs once per
     * context, so when one output block is enough it is computed in S
     * itself, in the same call as the last message block: G need not be
     * kept, and copying it costs a store-forwarding stall on x86-64 (wide
     * loads of words just stored one by one). */
    if (want <= bs) {
        d->ubi_out(S, buf, u);
        put_words(S, out, 0, want);
        return;
    }
    d->ubi(S, buf, 1, u);
    memset(buf, 0, bs);
    for (off = 0, i = 0; off < want; i++, off += bs) {
        memcpy(Y + 2, S + 2, bs);
        Y[0] = 0;
        Y[1] = T_START(T_OUT) | T_FINAL;
        hb_store64_le(buf, (uint64_t)i);
        d->ubi(Y, buf, 1, 8);
        put_words(Y, out, off, want - off < bs ? want : off + bs);
    }
}

#endif
