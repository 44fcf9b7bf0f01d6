/* BLAKE2b and BLAKE2s (RFC 7693): what blake2b.c and blake2s.c share (the
 * message schedule, the round, G and the parameter checks).  Two objects so
 * that an image links only the variant it uses (SDCC and avr-ld link whole
 * objects). */
#ifndef HB_BLAKE2_COMMON_H
#define HB_BLAKE2_COMMON_H
#include "blake2.h"
#include "../../common/hb_util.h"

/* RFC 7693 2.7: message word schedule; round r uses row r mod 10. */
#define SIGMA_DATA { \
         0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, \
        14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3, \
        11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4, \
         7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8, \
         9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13, \
         2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9, \
        12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11, \
        13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10, \
         6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5, \
        10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0 \
}
#if !defined(HB_BLAKE2_SMALL) && (defined(__AVR__) || defined(__SDCC))
#define HB_BLAKE2_SMALL /* 8-bit targets: rolled rounds, a fraction of the code */
#endif
#ifdef HB_BLAKE2_SMALL
static HB_ROM uint8_t SIGMA[10 * 16] = SIGMA_DATA;
#define SG(r, k) HB_ROM_U8(SIGMA, 16 * (r) + (k))
/* HB_BLAKE2_SMALL round: ROUND over the caller's array v[16] (HB_SCRATCH)
 * instead of sixteen locals.  On the 8051 (SDCC) sixteen local words sit
 * in the frame on the 256-byte pdata stack and the round pushed its
 * temporaries on the 223-byte idata stack until s51 stopped with `Stack
 * overflow'; elements of a static array at constant indices are plain
 * xram addresses.  (A G over v by indices from a table also held, but
 * took 1.4x the clocks on the 8051 and 1.6x the cycles on AVR.) */
#define ROUND_V(G, r)                                                 \
    do {                                                              \
        G(v[0], v[4], v[8],  v[12], m[SG(r, 0)],  m[SG(r, 1)]);       \
        G(v[1], v[5], v[9],  v[13], m[SG(r, 2)],  m[SG(r, 3)]);       \
        G(v[2], v[6], v[10], v[14], m[SG(r, 4)],  m[SG(r, 5)]);       \
        G(v[3], v[7], v[11], v[15], m[SG(r, 6)],  m[SG(r, 7)]);       \
        G(v[0], v[5], v[10], v[15], m[SG(r, 8)],  m[SG(r, 9)]);       \
        G(v[1], v[6], v[11], v[12], m[SG(r, 10)], m[SG(r, 11)]);      \
        G(v[2], v[7], v[8],  v[13], m[SG(r, 12)], m[SG(r, 13)]);      \
        G(v[3], v[4], v[9],  v[14], m[SG(r, 14)], m[SG(r, 15)]);      \
    } while (0)
#else
/* read only with constant indices in the unrolled rounds: folded by the
 * compiler, never stored */
static const uint8_t SIGMA[10 * 16] = SIGMA_DATA;
#define SG(r, k) SIGMA[16 * (r) + (k)]
#endif
/* One round over the sixteen working words v0..v15 (locals of the caller)
 * with a G macro of the word size; r must be 0..9.  The unrolled form:
 * SG(r, k) folds to a constant. */
#define ROUND(G, r)                                               \
    do {                                                          \
        G(v0, v4, v8,  v12, m[SG(r, 0)],  m[SG(r, 1)]);           \
        G(v1, v5, v9,  v13, m[SG(r, 2)],  m[SG(r, 3)]);           \
        G(v2, v6, v10, v14, m[SG(r, 4)],  m[SG(r, 5)]);           \
        G(v3, v7, v11, v15, m[SG(r, 6)],  m[SG(r, 7)]);           \
        G(v0, v5, v10, v15, m[SG(r, 8)],  m[SG(r, 9)]);           \
        G(v1, v6, v11, v12, m[SG(r, 10)], m[SG(r, 11)]);          \
        G(v2, v7, v8,  v13, m[SG(r, 12)], m[SG(r, 13)]);          \
        G(v3, v4, v9,  v14, m[SG(r, 14)], m[SG(r, 15)]);          \
    } while (0)

/* RFC 7693 3.1 with (R1, R2, R3, R4) = (32, 24, 16, 63) and (16, 12, 8, 7) */
#define G64(a, b, c, d, x, y)                                     \
    do {                                                          \
        a += b + (x); d = HB_ROTR64(d ^ a, 32);                   \
        c += d;       b = HB_ROTR64(b ^ c, 24);                   \
        a += b + (y); d = HB_ROTR64(d ^ a, 16);                   \
        c += d;       b = HB_ROTR64(b ^ c, 63);                   \
    } while (0)
#define G32(a, b, c, d, x, y)                                     \
    do {                                                          \
        a += b + (x); d = HB_ROTR32(d ^ a, 16);                   \
        c += d;       b = HB_ROTR32(b ^ c, 12);                   \
        a += b + (y); d = HB_ROTR32(d ^ a, 8);                    \
        c += d;       b = HB_ROTR32(b ^ c, 7);                    \
    } while (0)

/* Salt (pers = 0) or personalisation (pers = 1) of up to max bytes,
 * zero-padded to 16 bytes as hashlib does; returns 0 when too long. */
static int padded(const hb_params *p, int pers, size_t max, uint8_t out[16])
{
    const uint8_t *s = p ? (pers ? p->pers : p->salt) : NULL;
    size_t n = p ? (pers ? p->pers_len : p->salt_len) : 0;
    memset(out, 0, 16);
    if (n > max) return 0;
    if (n) memcpy(out, s, n);
    return 1;
}

/* Shared parameter checks: fills *outlen and *keylen. */
static int b2_check(const hb_params *p, unsigned max_out, int varout, unsigned *outlen, size_t *keylen)
{
    *keylen = 0;
    if (!p) return HB_OK;
    if (p->key_len > max_out) return HB_ERR_KEY; /* max key = max digest for both */
    if (p->custom_len) return HB_ERR_PARAM;
    if (p->out_len) {
        if (varout ? p->out_len > max_out : p->out_len != *outlen) return HB_ERR_OUTLEN;
        *outlen = (unsigned)p->out_len;
    }
    *keylen = p->key_len;
    return HB_OK;
}

#endif
