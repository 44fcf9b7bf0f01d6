/*
 * The byte-wise Threefish of bytes8/ (see ../threefish_common.h):
 * included by one threefish<bits>.c after it defines
 *   TF_NW       words per block (4, 8, 16)
 *   TF_SUBKEYS  subkeys injected (Nr/4 + 1: 19, or 21 for Threefish-1024)
 *   TF_PAIRS    HB_ROM uint8_t[4 * TF_NW]: byte offsets of each MIX's words
 *               in rounds 0..3 (TF<bits>_PAIRS of threefish_rounds.h)
 *   TF_ROT      HB_ROM uint8_t[8 * TF_NW / 2]: R_{d mod 8, j} (TF<bits>_ROT)
 * and defines tf_block(S, blk): one UBI block with the tweak in S[0..1]
 * already advanced, S[2..] := Threefish_{S[2..], S[0..1]}(blk) ^ blk.
 *
 * Words live as little-endian bytes in one scratch array (X, the extended
 * key, the extended tweak and a zero word), so every access is an index
 * into it: no 64-bit arithmetic in the rounds, no pointers.
 */
#ifndef HB_THREEFISH_BYTES_H
#define HB_THREEFISH_BYTES_H

#define TF_XB 0                              /* X: the state, TF_NW words */
#define TF_KB (8 * TF_NW)                    /* k[0..Nw]: key + parity word */
#define TF_TB (TF_KB + 8 * (TF_NW + 1))      /* t[0..2], then a zero word */
#define TF_ZERO (TF_TB + 24)
#define TF_TMP (TF_ZERO + 8)                 /* two words of scratch */
#define TF_BYTES (TF_TMP + 16)
#if TF_BYTES > 255
typedef unsigned tf_ix;                      /* byte offsets into w */
#else
typedef uint8_t tf_ix;                       /* (an 8-bit index is cheaper on 8-bit cores) */
#endif

/* byte j of word d += byte j of word s (+ carry in v); d, s byte offsets.
 * The eight bytes of a word are written out (no loop over j): on the 8051
 * a loop counter and its index arithmetic cost more than the addition. */
#define TFB_ADDJ(d, s, j) v = (unsigned)w[(d) + (j)] + w[(s) + (j)] + (v >> 8); w[(d) + (j)] = (uint8_t)v;
#define TFB_ADD(d, s)                                                               \
    v = (unsigned)w[d] + w[s]; w[d] = (uint8_t)v;                                   \
    TFB_ADDJ(d, s, 1) TFB_ADDJ(d, s, 2) TFB_ADDJ(d, s, 3)                           \
    TFB_ADDJ(d, s, 4) TFB_ADDJ(d, s, 5) TFB_ADDJ(d, s, 6) TFB_ADDJ(d, s, 7)
/* word b into TMP[0..7] and TMP[8..15] */
#define TFB_TWICEJ(b, j) w[TF_TMP + (j)] = w[TF_TMP + 8 + (j)] = w[(b) + (j)];
/* byte j of y1 = (x1 <<< r) ^ y0, with p = TMP + 8 - r/8 (byte j of x1
 * rotated by whole bytes is w[p + j]) and n = r mod 8 */
#define TFB_ROTJ(a, b, j) w[(b) + (j)] = (uint8_t)((uint8_t)((((unsigned)w[p + (j)] << 8) | w[p + (j) - 1]) << n >> 8) ^ w[(a) + (j)]);

static void tf_block(uint64_t *S, const uint8_t *blk)
{
    HB_SCRATCH uint8_t w[TF_BYTES];
    uint8_t i, k, s, g, d, j, r, n, c;
    tf_ix a, b, p, kw, tw;
    uint64_t x;
    unsigned v;

    /* tweak t[0], t[1] (S[0..1]), key words (S[2..]) and C240 as bytes:
     * one 64-bit shift by 8 per byte, where hb_store64_le expands to
     * kilobytes of 8051 code per call */
    for (i = 0; i < TF_NW + 3; i++) {
        x = i < TF_NW + 2 ? S[i] : TF_C240;
        a = (tf_ix)(i < 2 ? TF_TB + 8 * i : TF_KB + 8 * (i - 2));
        for (k = 0; k < 8; k++) {
            w[a + k] = (uint8_t)x;
            x >>= 8;
        }
    }
    /* k[Nw] = C240 ^ k[0] ^ .. ^ k[Nw-1] (sec. 3.3.2); t[2] = t[0] ^ t[1];
     * the zero word */
    for (a = 0; a < 8 * TF_NW; a++) w[TF_KB + 8 * TF_NW + (a & 7)] ^= w[TF_KB + a];
    for (i = 0; i < 8; i++) {
        w[TF_TB + 16 + i] = w[TF_TB + i] ^ w[TF_TB + 8 + i];
        w[TF_ZERO + i] = 0;
    }
    for (a = 0; a < 8 * TF_NW; a++) w[TF_XB + a] = blk[a];

    for (s = 0, kw = 0; ; s++) {
        /* subkey s: X_i += k[(s+i) mod (Nw+1)] (+ t[s mod 3] on word Nw-3,
         * t[(s+1) mod 3] on Nw-2, s on Nw-1); kw = (s mod (Nw+1)) * 8 */
        for (i = 0, a = kw; i < TF_NW; i++) {
            tw = TF_ZERO;
            c = 0;
            if (i == TF_NW - 3) tw = (tf_ix)(TF_TB + 8 * (s % 3));
            else if (i == TF_NW - 2) tw = (tf_ix)(TF_TB + 8 * ((s + 1) % 3));
            else if (i == TF_NW - 1) c = s;     /* + s: the carry into byte 0 */
            b = (tf_ix)(TF_XB + 8 * i);
            v = (unsigned)c << 8;       /* carried in as v >> 8 */
            TFB_ADDJ(b, TF_KB + a, 0) TFB_ADDJ(b, TF_KB + a, 1) TFB_ADDJ(b, TF_KB + a, 2)
            TFB_ADDJ(b, TF_KB + a, 3) TFB_ADDJ(b, TF_KB + a, 4) TFB_ADDJ(b, TF_KB + a, 5)
            TFB_ADDJ(b, TF_KB + a, 6) TFB_ADDJ(b, TF_KB + a, 7)
            if (tw != TF_ZERO) {
                TFB_ADD(b, tw)
            }
            a = (tf_ix)(a == 8 * TF_NW ? 0 : a + 8);
        }
        if (s == TF_SUBKEYS - 1) break;
        kw = (tf_ix)(kw == 8 * TF_NW ? 0 : kw + 8);
        /* four rounds: rotation row g = 0..3 or 4..7 */
        for (d = 0, g = (uint8_t)(4 * (s & 1)); d < 4; d++, g++) {
            for (j = 0; j < TF_NW / 2; j++) {
                a = HB_ROM_U8(TF_PAIRS, TF_NW * d + 2 * j);
                b = HB_ROM_U8(TF_PAIRS, TF_NW * d + 2 * j + 1);
                r = HB_ROM_U8(TF_ROT, (TF_NW / 2) * g + j);
                /* MIX (sec. 3.3.1): y0 = x0 + x1; y1 = (x1 <<< r) ^ y0 */
                TFB_ADD(a, b)
                TFB_TWICEJ(b, 0) TFB_TWICEJ(b, 1) TFB_TWICEJ(b, 2) TFB_TWICEJ(b, 3)
                TFB_TWICEJ(b, 4) TFB_TWICEJ(b, 5) TFB_TWICEJ(b, 6) TFB_TWICEJ(b, 7)
                p = (tf_ix)(TF_TMP + 8 - (r >> 3));
                n = (uint8_t)(r & 7);
                TFB_ROTJ(a, b, 0) TFB_ROTJ(a, b, 1) TFB_ROTJ(a, b, 2) TFB_ROTJ(a, b, 3)
                TFB_ROTJ(a, b, 4) TFB_ROTJ(a, b, 5) TFB_ROTJ(a, b, 6) TFB_ROTJ(a, b, 7)
            }
        }
    }
    /* feed-forward: S[2..] = X ^ M */
    for (a = 0; a < 8 * TF_NW; a++) w[TF_XB + a] ^= blk[a];
    for (i = 0; i < TF_NW; i++) {
        for (k = 8, x = 0; k-- > 0;) x = x << 8 | w[TF_XB + 8 * i + k];
        S[2 + i] = x;
    }
}

#endif
