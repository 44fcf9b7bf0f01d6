/* Hamsi (SHA-3 round 2): what the kernels and modes of Hamsi-224/256
 * (hamsi_small.h) and Hamsi-384/512 (hamsi_big.h) share -- round
 * constants, S-box and L.  Each form has two objects, hamsi256.c and
 * hamsi512.c, so that an image links only its width (SDCC and avr-ld link
 * whole objects; both widths and both expansion tables in one object were
 * 81 KB of 8051 code). */
#ifndef HB_HAMSI_CORE_H
#define HB_HAMSI_CORE_H
#include "hamsi.h"
#include "../../common/hb_util.h"

/* Spec 2.3.1: round constants alpha of P and of Pf (Hamsi-224/256 use
 * entries 0-3, 8-11, 16-19, 24-27; Hamsi-384/512 all 32). */
static HB_ROM uint32_t HAMSI_ALPHA_N[32] = {
    0xff00f0f0, 0xccccaaaa, 0xf0f0cccc, 0xff00aaaa, 0xccccaaaa, 0xf0f0ff00, 0xaaaacccc, 0xf0f0ff00,
    0xf0f0cccc, 0xaaaaff00, 0xccccff00, 0xaaaaf0f0, 0xaaaaf0f0, 0xff00cccc, 0xccccf0f0, 0xff00aaaa,
    0xccccaaaa, 0xff00f0f0, 0xff00aaaa, 0xf0f0cccc, 0xf0f0ff00, 0xccccaaaa, 0xf0f0ff00, 0xaaaacccc,
    0xaaaaff00, 0xf0f0cccc, 0xaaaaf0f0, 0xccccff00, 0xff00cccc, 0xaaaaf0f0, 0xff00aaaa, 0xccccf0f0
};
static HB_ROM uint32_t HAMSI_ALPHA_F[32] = {
    0xcaf9639c, 0x0ff0f9c0, 0x639c0ff0, 0xcaf9f9c0, 0x0ff0f9c0, 0x639ccaf9, 0xf9c00ff0, 0x639ccaf9,
    0x639c0ff0, 0xf9c0caf9, 0x0ff0caf9, 0xf9c0639c, 0xf9c0639c, 0xcaf90ff0, 0x0ff0639c, 0xcaf9f9c0,
    0x0ff0f9c0, 0xcaf9639c, 0xcaf9f9c0, 0x639c0ff0, 0x639ccaf9, 0x0ff0f9c0, 0x639ccaf9, 0xf9c00ff0,
    0xf9c0caf9, 0x639c0ff0, 0xf9c0639c, 0x0ff0caf9, 0xcaf90ff0, 0xf9c0639c, 0xcaf9f9c0, 0x0ff0639c
};

/*
 * Substitution layer (spec 2.3.2): the 4-bit S-box
 * {8,6,7,9,3,12,10,15,13,1,14,4,0,11,5,2} on bit-slices (x0 least
 * significant).  It is Serpent's S2; this is Osvik's 16-operation circuit
 * for it (D. A. Osvik, "Speeding up Serpent", 3rd AES Candidate
 * Conference, 2000), checked exhaustively against the table.  A circuit
 * from the algebraic normal form took 25 operations and more temporaries:
 * Hamsi-256 executed 296 instead of 195 x86-64 instructions per byte.
 */
#define SBOX(x0, x1, x2, x3) do {                                          \
        uint32_t t_ = ((x0) & (x2)) ^ (x3);                                 \
        uint32_t v_ = ((x3) | (x0)) ^ (x1);                                 \
        uint32_t y0_ = (x1) ^ (x2) ^ t_;                                    \
        uint32_t w_ = (x0) ^ y0_;                                           \
        (x1) = (v_ | w_) ^ t_;                                              \
        w_ ^= t_ & v_;                                                      \
        (x2) = v_ ^ (x1) ^ w_;                                              \
        (x3) = ~w_;                                                         \
        (x0) = y0_;                                                         \
    } while (0)

/* Diffusion layer L (spec 2.3.3) on four words */
#define HL(a, b, c, d) do {                                                 \
        (a) = HB_ROTL32(a, 13);                                             \
        (c) = HB_ROTL32(c, 3);                                              \
        (b) ^= (a) ^ (c);                                                   \
        (d) ^= (c) ^ ((a) << 3);                                            \
        (b) = HB_ROTL32(b, 1);                                              \
        (d) = HB_ROTL32(d, 7);                                              \
        (a) ^= (b) ^ (d);                                                   \
        (c) ^= (d) ^ ((b) << 7);                                            \
        (a) = HB_ROTL32(a, 5);                                              \
        (c) = HB_ROTL32(c, 22);                                             \
    } while (0)

/* Padding (spec 2.2.3) of the bs-byte block in buf: a 1 bit and zeros
 * to the block end, then the 64-bit message length in bits; tail gets
 * bs + 8 bytes (the last block goes through Pf). */
static void hamsi_pad(const hb_hamsi_ctx *c, uint8_t *tail, unsigned bs)
{
    unsigned u = c->md.used;
    /* the first 8 bytes zeroed (the whole block; for bs = 4 the length
     * overwrites the rest), then the message bytes: a memset of the
     * bs - u - 1 bytes after them was a call of about 60 modelled cycles
     * on the Cortex-M4; gcc merges these stores into two words */
    tail[0] = 0; tail[1] = 0; tail[2] = 0; tail[3] = 0;
    tail[4] = 0; tail[5] = 0; tail[6] = 0; tail[7] = 0;
    if (u) memcpy(tail, c->buf, u);
    tail[u] = 0x80;
    hb_store64_be(tail + bs, c->md.count << 3);
}

static int hamsi_start(void *ctx, const hb_params *p, HB_ROM uint32_t *iv, unsigned big, unsigned out_len)
{
    hb_hamsi_ctx *c = (hb_hamsi_ctx *)ctx;
    unsigned i, w = big ? 16 : 8;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 16; i++) c->h[i] = i < w ? HB_ROM_U32(iv, i) : 0;
    hb_md_reset(&c->md);
    c->big = (uint8_t)big;
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

#endif
