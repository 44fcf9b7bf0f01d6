/* Shabal's compression, unrolled (the default): see ../impls.toml */
#include "../shabal.h"
#include "../../../common/hb_util.h"

/*
 * The keyed permutation P_{M,C} (specification, p = 3, r = 12).  The
 * state lives in named locals A0..A11, B0..B15, C0..C15 (as in the usual
 * fast implementations: every index is resolved at compile time), and the
 * permutation is a macro over the names of the B and C words so that two
 * consecutive blocks trade the roles of B and C instead of swapping them.
 *
 * Step k = i + 16j:
 *   A[k mod 12] = U(A[k mod 12] ^ V(A[(k-1) mod 12] <<< 15) ^ C[(8-i) mod 16])
 *                 ^ B[(i+13) mod 16] ^ (B[(i+9) mod 16] & ~B[(i+6) mod 16]) ^ M[i]
 *   B[i] = ~((B[i] <<< 1) ^ A[k mod 12]),     U(x) = 3x, V(x) = 5x mod 2^32
 * then A[j mod 12] += C[(j+3) mod 16] for j = 0..35.  The parentheses in
 * SH_STEP put the terms that do not depend on the previous step's A first:
 * the A words form one dependency chain through all 48 steps, and this
 * keeps it at rotate, multiply by 5, xor, multiply by 3, xor.  The index
 * table in SH_PERM was written out by a few lines of Python from exactly
 * these formulas.
 */
#define SH_STEP(ak, ak1, bi, bi13, bi9, bi6, ci, mi) do {                     \
        ak = (((ak ^ ci) ^ (HB_ROTL32(ak1, 15) * 5u)) * 3u)                   \
            ^ (bi13 ^ (bi9 & ~bi6) ^ mi);                                     \
        bi = ~(HB_ROTL32(bi, 1) ^ ak);                                        \
    } while (0)
#define SH_R17(x) (x = HB_ROTL32(x, 17))
#define SH_PERM(b, c) do {                                          \
        SH_R17(b##0); SH_R17(b##1); SH_R17(b##2); SH_R17(b##3);     \
        SH_R17(b##4); SH_R17(b##5); SH_R17(b##6); SH_R17(b##7);     \
        SH_R17(b##8); SH_R17(b##9); SH_R17(b##10); SH_R17(b##11);   \
        SH_R17(b##12); SH_R17(b##13); SH_R17(b##14); SH_R17(b##15); \
        SH_STEP(A0, A11, b##0, b##13, b##9, b##6, c##8, M0);        \
        SH_STEP(A1, A0, b##1, b##14, b##10, b##7, c##7, M1);        \
        SH_STEP(A2, A1, b##2, b##15, b##11, b##8, c##6, M2);        \
        SH_STEP(A3, A2, b##3, b##0, b##12, b##9, c##5, M3);         \
        SH_STEP(A4, A3, b##4, b##1, b##13, b##10, c##4, M4);        \
        SH_STEP(A5, A4, b##5, b##2, b##14, b##11, c##3, M5);        \
        SH_STEP(A6, A5, b##6, b##3, b##15, b##12, c##2, M6);        \
        SH_STEP(A7, A6, b##7, b##4, b##0, b##13, c##1, M7);         \
        SH_STEP(A8, A7, b##8, b##5, b##1, b##14, c##0, M8);         \
        SH_STEP(A9, A8, b##9, b##6, b##2, b##15, c##15, M9);        \
        SH_STEP(A10, A9, b##10, b##7, b##3, b##0, c##14, M10);      \
        SH_STEP(A11, A10, b##11, b##8, b##4, b##1, c##13, M11);     \
        SH_STEP(A0, A11, b##12, b##9, b##5, b##2, c##12, M12);      \
        SH_STEP(A1, A0, b##13, b##10, b##6, b##3, c##11, M13);      \
        SH_STEP(A2, A1, b##14, b##11, b##7, b##4, c##10, M14);      \
        SH_STEP(A3, A2, b##15, b##12, b##8, b##5, c##9, M15);       \
        SH_STEP(A4, A3, b##0, b##13, b##9, b##6, c##8, M0);         \
        SH_STEP(A5, A4, b##1, b##14, b##10, b##7, c##7, M1);        \
        SH_STEP(A6, A5, b##2, b##15, b##11, b##8, c##6, M2);        \
        SH_STEP(A7, A6, b##3, b##0, b##12, b##9, c##5, M3);         \
        SH_STEP(A8, A7, b##4, b##1, b##13, b##10, c##4, M4);        \
        SH_STEP(A9, A8, b##5, b##2, b##14, b##11, c##3, M5);        \
        SH_STEP(A10, A9, b##6, b##3, b##15, b##12, c##2, M6);       \
        SH_STEP(A11, A10, b##7, b##4, b##0, b##13, c##1, M7);       \
        SH_STEP(A0, A11, b##8, b##5, b##1, b##14, c##0, M8);        \
        SH_STEP(A1, A0, b##9, b##6, b##2, b##15, c##15, M9);        \
        SH_STEP(A2, A1, b##10, b##7, b##3, b##0, c##14, M10);       \
        SH_STEP(A3, A2, b##11, b##8, b##4, b##1, c##13, M11);       \
        SH_STEP(A4, A3, b##12, b##9, b##5, b##2, c##12, M12);       \
        SH_STEP(A5, A4, b##13, b##10, b##6, b##3, c##11, M13);      \
        SH_STEP(A6, A5, b##14, b##11, b##7, b##4, c##10, M14);      \
        SH_STEP(A7, A6, b##15, b##12, b##8, b##5, c##9, M15);       \
        SH_STEP(A8, A7, b##0, b##13, b##9, b##6, c##8, M0);         \
        SH_STEP(A9, A8, b##1, b##14, b##10, b##7, c##7, M1);        \
        SH_STEP(A10, A9, b##2, b##15, b##11, b##8, c##6, M2);       \
        SH_STEP(A11, A10, b##3, b##0, b##12, b##9, c##5, M3);       \
        SH_STEP(A0, A11, b##4, b##1, b##13, b##10, c##4, M4);       \
        SH_STEP(A1, A0, b##5, b##2, b##14, b##11, c##3, M5);        \
        SH_STEP(A2, A1, b##6, b##3, b##15, b##12, c##2, M6);        \
        SH_STEP(A3, A2, b##7, b##4, b##0, b##13, c##1, M7);         \
        SH_STEP(A4, A3, b##8, b##5, b##1, b##14, c##0, M8);         \
        SH_STEP(A5, A4, b##9, b##6, b##2, b##15, c##15, M9);        \
        SH_STEP(A6, A5, b##10, b##7, b##3, b##0, c##14, M10);       \
        SH_STEP(A7, A6, b##11, b##8, b##4, b##1, c##13, M11);       \
        SH_STEP(A8, A7, b##12, b##9, b##5, b##2, c##12, M12);       \
        SH_STEP(A9, A8, b##13, b##10, b##6, b##3, c##11, M13);      \
        SH_STEP(A10, A9, b##14, b##11, b##7, b##4, c##10, M14);     \
        SH_STEP(A11, A10, b##15, b##12, b##8, b##5, c##9, M15);     \
        A0 += c##3 + c##15 + c##11;                                 \
        A1 += c##4 + c##0 + c##12;                                  \
        A2 += c##5 + c##1 + c##13;                                  \
        A3 += c##6 + c##2 + c##14;                                  \
        A4 += c##7 + c##3 + c##15;                                  \
        A5 += c##8 + c##4 + c##0;                                   \
        A6 += c##9 + c##5 + c##1;                                   \
        A7 += c##10 + c##6 + c##2;                                  \
        A8 += c##11 + c##7 + c##3;                                  \
        A9 += c##12 + c##8 + c##4;                                  \
        A10 += c##13 + c##9 + c##5;                                 \
        A11 += c##14 + c##10 + c##6;                                \
    } while (0)


#define SH_M(i) M##i = hb_load32_le(blk + 4 * (i))
/* one message block: B += M, A ^= W, P, C -= M, then W and the block
 * pointer advance by wstep and bstep (constants: 0 for the final rounds,
 * which repeat the last block under the same W); the caller then lets b
 * and c trade roles (the swap of B and C) */
#define SH_BLOCK(b, c, wstep, bstep) do {                                                   \
        SH_M(0); SH_M(1); SH_M(2); SH_M(3); SH_M(4); SH_M(5); SH_M(6); SH_M(7); \
        SH_M(8); SH_M(9); SH_M(10); SH_M(11); SH_M(12); SH_M(13); SH_M(14); SH_M(15); \
        b##0 += M0; b##1 += M1; b##2 += M2; b##3 += M3;                       \
        b##4 += M4; b##5 += M5; b##6 += M6; b##7 += M7;                       \
        b##8 += M8; b##9 += M9; b##10 += M10; b##11 += M11;                   \
        b##12 += M12; b##13 += M13; b##14 += M14; b##15 += M15;               \
        A0 ^= (uint32_t)w;                                                    \
        A1 ^= (uint32_t)(w >> 32);                                            \
        SH_PERM(b, c);                                                        \
        c##0 -= M0; c##1 -= M1; c##2 -= M2; c##3 -= M3;                       \
        c##4 -= M4; c##5 -= M5; c##6 -= M6; c##7 -= M7;                       \
        c##8 -= M8; c##9 -= M9; c##10 -= M10; c##11 -= M11;                   \
        c##12 -= M12; c##13 -= M13; c##14 -= M14; c##15 -= M15;               \
        w += wstep;                                                           \
        blk += bstep;                                                         \
    } while (0)

/* the state in and out of the locals; SH_STORE(vb, vc) stores the
 * locals named vb as the specification's B and vc as its C */
#define SH_LOAD do {                                                          \
        A0 = s->a[0]; A1 = s->a[1]; A2 = s->a[2]; A3 = s->a[3];               \
        A4 = s->a[4]; A5 = s->a[5]; A6 = s->a[6]; A7 = s->a[7];               \
        A8 = s->a[8]; A9 = s->a[9]; A10 = s->a[10]; A11 = s->a[11];           \
        B0 = s->b[0]; B1 = s->b[1]; B2 = s->b[2]; B3 = s->b[3];               \
        B4 = s->b[4]; B5 = s->b[5]; B6 = s->b[6]; B7 = s->b[7];               \
        B8 = s->b[8]; B9 = s->b[9]; B10 = s->b[10]; B11 = s->b[11];           \
        B12 = s->b[12]; B13 = s->b[13]; B14 = s->b[14]; B15 = s->b[15];       \
        C0 = s->c[0]; C1 = s->c[1]; C2 = s->c[2]; C3 = s->c[3];               \
        C4 = s->c[4]; C5 = s->c[5]; C6 = s->c[6]; C7 = s->c[7];               \
        C8 = s->c[8]; C9 = s->c[9]; C10 = s->c[10]; C11 = s->c[11];           \
        C12 = s->c[12]; C13 = s->c[13]; C14 = s->c[14]; C15 = s->c[15];       \
    } while (0)
#define SH_STORE(vb, vc) do {                                                   \
        s->b[0] = vb##0; s->b[1] = vb##1; s->b[2] = vb##2; s->b[3] = vb##3;       \
        s->b[4] = vb##4; s->b[5] = vb##5; s->b[6] = vb##6; s->b[7] = vb##7;       \
        s->b[8] = vb##8; s->b[9] = vb##9; s->b[10] = vb##10; s->b[11] = vb##11;   \
        s->b[12] = vb##12; s->b[13] = vb##13; s->b[14] = vb##14; s->b[15] = vb##15; \
        s->c[0] = vc##0; s->c[1] = vc##1; s->c[2] = vc##2; s->c[3] = vc##3;       \
        s->c[4] = vc##4; s->c[5] = vc##5; s->c[6] = vc##6; s->c[7] = vc##7;       \
        s->c[8] = vc##8; s->c[9] = vc##9; s->c[10] = vc##10; s->c[11] = vc##11;   \
        s->c[12] = vc##12; s->c[13] = vc##13; s->c[14] = vc##14; s->c[15] = vc##15; \
        s->a[0] = A0; s->a[1] = A1; s->a[2] = A2; s->a[3] = A3;               \
        s->a[4] = A4; s->a[5] = A5; s->a[6] = A6; s->a[7] = A7;               \
        s->a[8] = A8; s->a[9] = A9; s->a[10] = A10; s->a[11] = A11;           \
    } while (0)

/* n blocks, two per turn of the loop (B and C trade places twice) */
void hb_shabal_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_shabal_state *s = (hb_shabal_state *)state;
    uint32_t A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11;
    uint32_t B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15;
    uint32_t C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15;
    uint32_t M0, M1, M2, M3, M4, M5, M6, M7, M8, M9, M10, M11, M12, M13, M14, M15;
    uint64_t w = s->w;

    SH_LOAD;
    for (; n >= 2; n -= 2) {
        SH_BLOCK(B, C, 1u, 64u);        /* now the spec's B is C, its C is B */
        SH_BLOCK(C, B, 1u, 64u);        /* and back */
    }
    if (n) {
        SH_BLOCK(B, C, 1u, 64u);
        SH_STORE(C, B);
    } else {
        SH_STORE(B, C);
    }
    s->w = w;
}

/* the final rounds in one call: the state is loaded into locals and
 * stored back once instead of four times (at 64 bytes, five blocks in all,
 * those loads and stores were a tenth of the time).  The four rounds use
 * the same M, so a round's C -= M, the swap and the next round's B += M
 * leave B and C merely swapped: M is added before the first P and
 * subtracted after the last only (as sphlib does: 32 additions, not 128),
 * and the swap is in the names, two rounds a turn, as in
 * hb_shabal_compress (swapped by value, 16 words spilled and reloaded each
 * round: 325 of the 5,228 modelled cycles on the Cortex-M4). */
void hb_shabal_last(void *state, const uint8_t *blk) HB_REENTRANT
{
    hb_shabal_state *s = (hb_shabal_state *)state;
    uint32_t A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11;
    uint32_t B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15;
    uint32_t C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15;
    uint32_t M0, M1, M2, M3, M4, M5, M6, M7, M8, M9, M10, M11, M12, M13, M14, M15;
    uint64_t w = s->w;
    unsigned i;

    SH_LOAD;
    SH_M(0); SH_M(1); SH_M(2); SH_M(3); SH_M(4); SH_M(5); SH_M(6); SH_M(7);
    SH_M(8); SH_M(9); SH_M(10); SH_M(11); SH_M(12); SH_M(13); SH_M(14); SH_M(15);
    B0 += M0; B1 += M1; B2 += M2; B3 += M3; B4 += M4; B5 += M5; B6 += M6; B7 += M7;
    B8 += M8; B9 += M9; B10 += M10; B11 += M11; B12 += M12; B13 += M13; B14 += M14; B15 += M15;
    for (i = 0; i < 2; i++) {
        A0 ^= (uint32_t)w;
        A1 ^= (uint32_t)(w >> 32);
        SH_PERM(B, C);
        A0 ^= (uint32_t)w;
        A1 ^= (uint32_t)(w >> 32);
        SH_PERM(C, B);
    }
    /* after an even number of rounds with swapped names the spec's C is
     * in B: its C -= M, then its last swap of B and C on the way out */
    B0 -= M0; B1 -= M1; B2 -= M2; B3 -= M3; B4 -= M4; B5 -= M5; B6 -= M6; B7 -= M7;
    B8 -= M8; B9 -= M9; B10 -= M10; B11 -= M11; B12 -= M12; B13 -= M13; B14 -= M14; B15 -= M15;
    SH_STORE(B, C);
}
