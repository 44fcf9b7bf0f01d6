/*
 * The byte-wise Threefish of HB_SKEIN_BYTEWISE (see threefish_common.h):
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
#define TF_TMP (TF_ZERO + 8)                 /* one word of scratch */
#define TF_BYTES (TF_TMP + 8)
#if TF_BYTES > 255
typedef unsigned tf_ix;                      /* byte offsets into w */
#else
typedef uint8_t tf_ix;                       /* (an 8-bit index is cheaper on 8-bit cores) */
#endif

static void tf_block(uint64_t *S, const uint8_t *blk)
{
    HB_SCRATCH uint8_t w[TF_BYTES];
    uint8_t i, k, s, g, d, j, q, r, c, y;
    tf_ix a, b, kw, tw;
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
            for (k = 0; k < 8; k++) {
                v = (unsigned)w[TF_XB + 8 * i + k] + w[TF_KB + a + k] + w[tw + k] + c;
                w[TF_XB + 8 * i + k] = (uint8_t)v;
                c = (uint8_t)(v >> 8);
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
                for (k = 0, c = 0; k < 8; k++) {
                    v = (unsigned)w[a + k] + w[b + k] + c;
                    w[a + k] = (uint8_t)v;
                    c = (uint8_t)(v >> 8);
                }
                /* rotate by whole bytes into TMP (byte k from byte k - r/8),
                 * then by r mod 8 bits while xoring y0 in */
                q = (uint8_t)(r >> 3);
                for (k = 0; k < 8; k++) w[TF_TMP + k] = w[b + ((k - q) & 7)];
                r &= 7;
                for (k = 0, y = w[TF_TMP + 7]; k < 8; k++) {
                    v = ((unsigned)w[TF_TMP + k] << 8 | y) << r;
                    y = w[TF_TMP + k];
                    w[b + k] = (uint8_t)((v >> 8) ^ w[a + k]);
                }
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
