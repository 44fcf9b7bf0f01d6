/* BLAKE3, portable: see blake3.h */
#include "blake3.h"
#include "../../common/hb_util.h"

/* spec 2.1: domain-separation flags */
#define CHUNK_START         0x01u
#define CHUNK_END           0x02u
#define PARENT              0x04u
#define ROOT                0x08u
#define KEYED_HASH          0x10u
#define DERIVE_KEY_CONTEXT  0x20u
#define DERIVE_KEY_MATERIAL 0x40u

#define CHUNK_BLOCKS 16 /* 1024-byte chunks of 64-byte blocks */
#define CHUNK_LEN (64u * CHUNK_BLOCKS)

/* spec 2.2: the IV is that of SHA-256 (FIPS 180-4 5.3.3) */
HB_ROM uint32_t hb_blake3_iv[8] = {
    0x6a09e667UL, 0xbb67ae85UL, 0x3c6ef372UL, 0xa54ff53aUL,
    0x510e527fUL, 0x9b05688cUL, 0x1f83d9abUL, 0x5be0cd19UL
};
void hb_blake3_compress(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                        uint32_t block_len, uint32_t flags, uint32_t out[16])
{
    hb_blake3_kernel(cv, m, counter, block_len, flags, out, 1);
}

static void load_block(uint32_t m[16], const uint8_t *b)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* one wide copy: a SIMD kernel reading m in 16-byte vectors right after
     * sixteen 4-byte stores would wait for them to reach the cache */
    memcpy(m, b, 64);
#else
    unsigned i;
    for (i = 0; i < 16; i++) m[i] = hb_load32_le(b + 4 * i);
#endif
}

/* A subtree of 2^level chunks, aligned (the chunk count a multiple of its
 * size), is complete (cv is its chaining value) and more input follows:
 * push it, first merging every subtree it completes (spec 5.1.2: as many
 * as the trailing zero bits of the new chunk count, counted from level). */
static void push_cv(hb_blake3_ctx *c, unsigned level)
{
    HB_SCRATCH uint32_t m[16];
    uint64_t total = (c->chunk += (uint64_t)1 << level) >> level;
    while (!(total & 1) && c->depth) {
        memcpy(m, c->stack[--c->depth], 32);
        memcpy(m + 8, c->cv, 32);
        hb_blake3_kernel(c->key, m, 0, 64, c->flags | PARENT, c->cv, 0);
        total >>= 1;
    }
    if (c->depth < HB_BLAKE3_MAX_DEPTH) /* see HB_BLAKE3_MAX_DEPTH */
        memcpy(c->stack[c->depth++], c->cv, 32);
    memcpy(c->cv, c->key, 32);
    c->blocks = 0;
}

/* Compress a block that is known not to be the last of the message. */
static void absorb(hb_blake3_ctx *c, const uint8_t *blk)
{
    HB_SCRATCH uint32_t m[16];
    uint32_t fl = c->flags;
    load_block(m, blk);
    if (c->blocks == 0) fl |= CHUNK_START;
    if (c->blocks == CHUNK_BLOCKS - 1) {
        hb_blake3_kernel(c->cv, m, c->chunk, 64, fl | CHUNK_END, c->cv, 0);
        push_cv(c, 0);
    } else {
        hb_blake3_kernel(c->cv, m, c->chunk, 64, fl, c->cv, 0);
        c->blocks++;
    }
}

static void start(hb_blake3_ctx *c, const uint32_t key[8], uint8_t flags)
{
    memcpy(c->key, key, 32);
    memcpy(c->cv, key, 32);
    c->chunk = 0;
    c->out_pos = 0;
    c->buf_len = 0;
    c->blocks = 0;
    c->depth = 0;
    c->level = 0;
    c->flags = flags;
    c->done = 0;
}

#if HB_BLAKE3_MANY > 1
/* The pending node is the parent of a held-back subtree of 2^level chunks
 * (see many) and more input follows, so it is not the root: compress it
 * and push its chaining value. */
static void push_parent(hb_blake3_ctx *c)
{
    HB_SCRATCH uint32_t m[16];
    unsigned level = c->level;
    load_block(m, c->buf);
    hb_blake3_kernel(c->key, m, 0, 64, c->flags | PARENT, c->cv, 0);
    c->level = 0;
    c->buf_len = 0;
    push_cv(c, level);
}

/* n whole chunks (a power of two) from chunk `chunk`, reduced to the
 * chaining values of min(n, HB_BLAKE3_WIDE) equal subtrees in out: a
 * group of WIDE chunks in one hash_many call, two halves' values joined
 * by one call of WIDE parents.  Every call is as wide as the widest
 * kernel, and the input is read in order. */
static void wide(const hb_blake3_ctx *c, const uint8_t *in, size_t n, uint64_t chunk,
                 uint8_t *out)
{
#if HB_BLAKE3_MANY > HB_BLAKE3_WIDE
    if (n > HB_BLAKE3_WIDE) {
        uint8_t cvs[2 * 32 * HB_BLAKE3_WIDE];
        size_t half = n / 2;
        wide(c, in, half, chunk, cvs);
        wide(c, in + half * CHUNK_LEN, half, chunk + half, cvs + 32 * HB_BLAKE3_WIDE);
        hb_blake3_hash_many(cvs, HB_BLAKE3_WIDE, 1, c->key, 0, 0, c->flags | PARENT, 0, 0, out);
        return;
    }
#endif
    /* without the recursion where it cannot happen (32-bit targets, MANY
     * = WIDE = 2): its 2 * 32 * WIDE bytes would be stack for nothing */
    hb_blake3_hash_many(in, n, CHUNK_BLOCKS, c->key, chunk, 1, c->flags, CHUNK_START, CHUNK_END, out);
}

/* At a chunk boundary with len bytes to come: the largest aligned subtree
 * of 2..HB_BLAKE3_MANY whole chunks that fits in them is hashed down to
 * the two chaining values of its top node.  If input follows it in this
 * call, the top node is compressed and pushed; if the subtree ends the
 * input, it may be the root, so the node is kept back as the pending
 * block (buf, level) instead, the way a chunk's last block is.  Returns
 * the bytes taken: 0 if fewer than two chunks qualify. */
static size_t many(hb_blake3_ctx *c, const uint8_t *in, size_t len)
{
    HB_SCRATCH uint8_t cvs[32 * HB_BLAKE3_WIDE];
    size_t whole = len / CHUNK_LEN, n = HB_BLAKE3_MANY, k;
    unsigned level = 0;
    while (n > whole || (c->chunk & (n - 1)))
        n >>= 1;
    if (n < 2)
        return 0;
    wide(c, in, n, c->chunk, cvs);
    for (k = n < HB_BLAKE3_WIDE ? n : HB_BLAKE3_WIDE; k > 2; k >>= 1)
        hb_blake3_hash_many(cvs, k / 2, 1, c->key, 0, 0, c->flags | PARENT, 0, 0, cvs);
    while (((size_t)1 << level) < n)
        level++;
    memcpy(c->buf, cvs, 64);
    c->buf_len = 64;
    c->level = (uint8_t)level;
    if (len > n * CHUNK_LEN)
        push_parent(c);
    return n * CHUNK_LEN;
}
#endif

void hb_blake3_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_blake3_ctx *c = (hb_blake3_ctx *)ctx;
    while (len) {
        size_t take;
        if (c->buf_len == 64) { /* a full block waits and more input exists */
#if HB_BLAKE3_MANY > 1
            if (c->level) {
                push_parent(c);
                continue;
            }
#endif
            absorb(c, c->buf);
            c->buf_len = 0;
        }
        if (c->buf_len == 0) /* straight from the input, keeping the last block back */
            while (len > 64) {
#if HB_BLAKE3_MANY > 1
                if (c->blocks == 0 && len >= 2 * CHUNK_LEN && (take = many(c, in, len)) != 0) {
                    in += take;
                    len -= take;
                    continue;
                }
#endif
#if HB_BLAKE3_WIDE > 2
                /* a chunk's blocks but the pending one as one chain: a
                 * SIMD kernel keeps the chaining value in its registers
                 * (32-bit targets' portable hash_many is absorb's loop
                 * again, so they keep the ROM) */
                if (c->blocks == 0 && len > 128) {
                    size_t k = len > CHUNK_LEN ? CHUNK_BLOCKS : (len - 1) / 64;
                    HB_SCRATCH uint8_t cv[32];
                    unsigned i;
                    hb_blake3_hash_many(in, 1, (unsigned)k, c->key, c->chunk, 1, c->flags, CHUNK_START,
                                        k == CHUNK_BLOCKS ? CHUNK_END : 0, cv);
                    for (i = 0; i < 8; i++) c->cv[i] = hb_load32_le(cv + 4 * i);
                    in += 64 * k;
                    len -= 64 * k;
                    if (k == CHUNK_BLOCKS)
                        push_cv(c, 0);
                    else
                        c->blocks = (uint8_t)k;
                    continue;
                }
#endif
                absorb(c, in);
                in += 64;
                len -= 64;
            }
        take = 64u - c->buf_len;
        if (take > len) take = len;
        memcpy(c->buf + c->buf_len, in, take);
        c->buf_len = (uint8_t)(c->buf_len + take);
        in += take;
        len -= take;
    }
}

/* First final: reduce the last chunk and the stack to the root node, kept
 * as (cv, buf, buf_len, flags) for the output blocks. */
static void finish(hb_blake3_ctx *c)
{
    HB_SCRATCH uint32_t m[16];
    uint8_t fl = (uint8_t)(c->flags | CHUNK_END | (c->blocks == 0 ? CHUNK_START : 0));
#if HB_BLAKE3_MANY > 1
    if (c->level) { /* a held-back subtree's top node: a parent, counter 0 */
        fl = (uint8_t)(c->flags | PARENT);
        c->chunk = 0;
    }
#endif
    memset(c->buf + c->buf_len, 0, 64u - c->buf_len);
    while (c->depth) {
        /* the pending node is a right child: its cv joins the next stack entry */
        load_block(m, c->buf);
        hb_blake3_kernel(c->cv, m, c->chunk, c->buf_len, fl, c->cv, 0);
        memcpy(m, c->stack[--c->depth], 32);
        memcpy(m + 8, c->cv, 32);
        {
            unsigned i;
            for (i = 0; i < 16; i++) hb_store32_le(c->buf + 4 * i, m[i]);
        }
        memcpy(c->cv, c->key, 32);
        c->buf_len = 64;
        c->chunk = 0;
        fl = (uint8_t)(c->flags | PARENT);
    }
    c->flags = (uint8_t)(fl | ROOT);
    c->done = 1;
}

void hb_blake3_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_blake3_ctx *c = (hb_blake3_ctx *)ctx;
    /* HB_SCRATCH here and in finish, absorb, push_chunk: with these 192
     * bytes and the kernel's frame the 8051's 256-byte pdata stack wrapped
     * and the run hung */
    HB_SCRATCH uint32_t m[16], w[16];
    HB_SCRATCH uint8_t blk[64];
    if (!c->done) finish(c);
    load_block(m, c->buf);
    while (out_len) {
        unsigned off = (unsigned)(c->out_pos & 63), i;
        size_t n = 64u - off;
        if (n > out_len) n = out_len;
        /* spec 2.6: output block t is the root compression with counter t */
        hb_blake3_kernel(c->cv, m, c->out_pos >> 6, c->buf_len, c->flags, w, 1);
        for (i = 0; i < 16; i++) hb_store32_le(blk + 4 * i, w[i]);
        memcpy(out, blk + off, n);
        out += n;
        out_len -= n;
        c->out_pos += n;
    }
    hb_wipe(blk, sizeof blk);
}

int hb_blake3_init(void *ctx, const hb_params *p) HB_REENTRANT
{
    hb_blake3_ctx *c = (hb_blake3_ctx *)ctx;
    uint32_t k[8];
    unsigned i;
    for (i = 0; i < 8; i++) k[i] = HB_ROM_U32(hb_blake3_iv, i);
    if (!p) {
        start(c, k, 0);
        return HB_OK;
    }
    if (p->key_len && p->key_len != 32) return HB_ERR_KEY;
    if (p->salt_len || p->pers_len) return HB_ERR_PARAM;
    if (p->key_len && (p->custom || p->custom_len)) return HB_ERR_PARAM;
    if (p->key_len) {
        for (i = 0; i < 8; i++) k[i] = hb_load32_le(p->key + 4 * i);
        start(c, k, KEYED_HASH);
    } else if (p->custom || p->custom_len) {
        /* spec 2.6/6.2: hash the context string (in this very context) to
         * the context key, then hash the key material under it */
        uint8_t ck[32];
        start(c, k, DERIVE_KEY_CONTEXT);
        hb_blake3_update(c, p->custom, p->custom_len);
        hb_blake3_final(c, ck, 32);
        for (i = 0; i < 8; i++) k[i] = hb_load32_le(ck + 4 * i);
        hb_wipe(ck, sizeof ck);
        start(c, k, DERIVE_KEY_MATERIAL);
    } else {
        start(c, k, 0);
    }
    hb_wipe(k, sizeof k);
    return HB_OK;
}
