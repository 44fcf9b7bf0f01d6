/*
 * bmw_core.h -- the BMW compression function f (spec 2.2) as macros written
 * once for both word sizes: H = f2(f1(f0(M, H)), M) in place.  Every implementation (bmw/<impl>/, named in impls.toml) defines
 * hb_bmw256_f and hb_bmw512_f in separate objects, so that an image links
 * only the width it uses (SDCC links whole objects: both widths together
 * were 74 KB of 8051 code).  Included after bmw_w32.h or bmw_w64.h, which
 * define
 *   BMW_W            the word type (uint32_t or uint64_t)
 *   BMW_ROTL(x, n)   rotation of a word
 *   BMW_S0R1..BMW_S3R2  the two rotation amounts of s0..s3
 *   BMW_R1..BMW_R7   the rotations r1..r7
 *   BMW_K            the constant K_j = j * BMW_K (spec 2.2, "AddElement")
 *   BMW_SFN          the name of the s0..s5 helper of the loop forms
 * The shift amounts of s0..s5 and of f2 are the same for both sizes.
 */
#ifndef HB_BMW_CORE_H
#define HB_BMW_CORE_H
#include "bmw.h"
#include "../../common/hb_util.h"

/* spec table 1.3 / 1.4: the logical functions s0..s5, r1..r7 */
#define BMW_s0(x) (((x) >> 1) ^ ((x) << 3) ^ BMW_ROTL(x, BMW_S0R1) ^ BMW_ROTL(x, BMW_S0R2))
#define BMW_s1(x) (((x) >> 1) ^ ((x) << 2) ^ BMW_ROTL(x, BMW_S1R1) ^ BMW_ROTL(x, BMW_S1R2))
#define BMW_s2(x) (((x) >> 2) ^ ((x) << 1) ^ BMW_ROTL(x, BMW_S2R1) ^ BMW_ROTL(x, BMW_S2R2))
#define BMW_s3(x) (((x) >> 2) ^ ((x) << 2) ^ BMW_ROTL(x, BMW_S3R1) ^ BMW_ROTL(x, BMW_S3R2))
#define BMW_s4(x) (((x) >> 1) ^ (x))
#define BMW_s5(x) (((x) >> 2) ^ (x))

/* AddElement(j) of the tweak: (rotl(M[j-16], j-15) + rotl(M[j-13], j-12)
 * - rotl(M[j-6], j-5) + K_j) ^ H[j-9], indices mod 16; the rotated
 * message words are precomputed in mr[]. */
#define BMW_ADD(j) \
    ((mr[((j) - 16) & 15] + mr[((j) - 13) & 15] - mr[((j) - 6) & 15] + \
      (BMW_W)(j) * BMW_K) ^ H[((j) - 9) & 15])

/* f1, ExpRounds1 = 2 rounds of expand1 ... */
#define BMW_E1(j) \
    q[j] = BMW_s1(q[(j) - 16]) + BMW_s2(q[(j) - 15]) + BMW_s3(q[(j) - 14]) + BMW_s0(q[(j) - 13]) \
         + BMW_s1(q[(j) - 12]) + BMW_s2(q[(j) - 11]) + BMW_s3(q[(j) - 10]) + BMW_s0(q[(j) - 9]) \
         + BMW_s1(q[(j) - 8]) + BMW_s2(q[(j) - 7]) + BMW_s3(q[(j) - 6]) + BMW_s0(q[(j) - 5]) \
         + BMW_s1(q[(j) - 4]) + BMW_s2(q[(j) - 3]) + BMW_s3(q[(j) - 2]) + BMW_s0(q[(j) - 1]) \
         + BMW_ADD(j)

/* ... then ExpRounds2 = 14 rounds of expand2.  The plain terms
 * q[j-16] + q[j-14] + ... + q[j-4] form a sliding sum over every other
 * word: even/odd keep it for the two parities of j. */
#define BMW_E2(j, acc) \
    acc += q[(j) - 4] - q[(j) - 18]; \
    q[j] = acc + BMW_ROTL(q[(j) - 15], BMW_R1) + BMW_ROTL(q[(j) - 13], BMW_R2) \
         + BMW_ROTL(q[(j) - 11], BMW_R3) + BMW_ROTL(q[(j) - 9], BMW_R4) \
         + BMW_ROTL(q[(j) - 7], BMW_R5) + BMW_ROTL(q[(j) - 5], BMW_R6) \
         + BMW_ROTL(q[(j) - 3], BMW_R7) + BMW_s4(q[(j) - 2]) + BMW_s5(q[(j) - 1]) + BMW_ADD(j)

/* f2 (spec 2.2.3): fold Q and M into the new chaining value, over the
 * caller's q[32], xl and xh */
#define BMW_F2                                                                       \
    xl = q[16] ^ q[17] ^ q[18] ^ q[19] ^ q[20] ^ q[21] ^ q[22] ^ q[23];              \
    xh = xl ^ q[24] ^ q[25] ^ q[26] ^ q[27] ^ q[28] ^ q[29] ^ q[30] ^ q[31];         \
    H[0] = ((xh << 5) ^ (q[16] >> 5) ^ M[0]) + (xl ^ q[24] ^ q[0]);                  \
    H[1] = ((xh >> 7) ^ (q[17] << 8) ^ M[1]) + (xl ^ q[25] ^ q[1]);                  \
    H[2] = ((xh >> 5) ^ (q[18] << 5) ^ M[2]) + (xl ^ q[26] ^ q[2]);                  \
    H[3] = ((xh >> 1) ^ (q[19] << 5) ^ M[3]) + (xl ^ q[27] ^ q[3]);                  \
    H[4] = ((xh >> 3) ^ q[20] ^ M[4]) + (xl ^ q[28] ^ q[4]);                         \
    H[5] = ((xh << 6) ^ (q[21] >> 6) ^ M[5]) + (xl ^ q[29] ^ q[5]);                  \
    H[6] = ((xh >> 4) ^ (q[22] << 6) ^ M[6]) + (xl ^ q[30] ^ q[6]);                  \
    H[7] = ((xh >> 11) ^ (q[23] << 2) ^ M[7]) + (xl ^ q[31] ^ q[7]);                 \
    H[8] = BMW_ROTL(H[4], 9) + (xh ^ q[24] ^ M[8]) + ((xl << 8) ^ q[23] ^ q[8]);     \
    H[9] = BMW_ROTL(H[5], 10) + (xh ^ q[25] ^ M[9]) + ((xl >> 6) ^ q[16] ^ q[9]);    \
    H[10] = BMW_ROTL(H[6], 11) + (xh ^ q[26] ^ M[10]) + ((xl << 6) ^ q[17] ^ q[10]); \
    H[11] = BMW_ROTL(H[7], 12) + (xh ^ q[27] ^ M[11]) + ((xl << 4) ^ q[18] ^ q[11]); \
    H[12] = BMW_ROTL(H[0], 13) + (xh ^ q[28] ^ M[12]) + ((xl >> 3) ^ q[19] ^ q[12]); \
    H[13] = BMW_ROTL(H[1], 14) + (xh ^ q[29] ^ M[13]) + ((xl >> 4) ^ q[20] ^ q[13]); \
    H[14] = BMW_ROTL(H[2], 15) + (xh ^ q[30] ^ M[14]) + ((xl >> 7) ^ q[21] ^ q[14]); \
    H[15] = BMW_ROTL(H[3], 16) + (xh ^ q[31] ^ M[15]) + ((xl >> 2) ^ q[22] ^ q[15]);

/* f0 of the loop forms (spec 2.2.1): W[j] is the sum of five terms
 * +/-(M ^ H)[i]; entry i, or i + 16 for a subtracted term.  Transcribed
 * from the spec's table. */
#define BMW_F0_DATA { \
    {5, 16 + 7, 10, 13, 14}, {6, 16 + 8, 11, 14, 16 + 15}, {0, 7, 9, 16 + 12, 15}, \
    {0, 16 + 1, 8, 16 + 10, 13}, {1, 2, 9, 16 + 11, 16 + 14}, {3, 16 + 2, 10, 16 + 12, 15}, \
    {4, 16 + 0, 16 + 3, 16 + 11, 13}, {1, 16 + 4, 16 + 5, 16 + 12, 16 + 14}, \
    {2, 16 + 5, 16 + 6, 13, 16 + 15}, {0, 16 + 3, 6, 16 + 7, 14}, {8, 16 + 1, 16 + 4, 16 + 7, 15}, \
    {8, 16 + 0, 16 + 2, 16 + 5, 9}, {1, 3, 16 + 6, 16 + 9, 10}, {2, 4, 7, 10, 11}, \
    {3, 16 + 5, 8, 16 + 11, 16 + 12}, {12, 16 + 4, 16 + 6, 16 + 9, 13} \
}

#endif
