/*
 * groestl_cols.h -- the state form of the 64-bit column implementations of
 * Groestl (tables8/, table1/, sbox64/): 8 or 16 uint64_t columns, row r =
 * byte r.  Such an implementation includes this header, defines
 * GCOL(a, m, j, s0, ..., s7) -- output column j of SubBytes + ShiftBytes +
 * MixBytes of the columns a[] (m: columns - 1; s_r: ShiftBytes' offset of
 * row r) -- then includes groestl_perm.h and groestl_md.h, once per build.
 */
#ifndef HB_GROESTL_COLS_H
#define HB_GROESTL_COLS_H
#include "groestl.h"
#include "../../common/hb_util.h"

#define GB(x, r) ((unsigned)((x) >> (8 * (r))) & 0xffu)

/* groestl_md.h's access to the state */
#define GR_SET_IV(c, cols, bits) \
    ((c)->h.w[(cols) - 1] = ((uint64_t)((bits) >> 8) << 48) | ((uint64_t)((bits) & 0xff) << 56))
#define GR_COMPRESS1(c, mc) (mc)->compress((c)->h.w, (c)->buf, 1)
/* tmp = Omega's P(h) ^ h, bs bytes; j: a free unsigned */
#define GR_OUTPUT(c, tmp, bs, j) do { \
        unsigned cols_ = (bs) / 8; \
        uint64_t y_[16]; \
        for (j = 0; j < cols_; j++) y_[j] = (c)->h.w[j]; \
        if ((c)->big) perm_p1024(y_); \
        else perm_p512(y_); \
        for (j = 0; j < cols_; j++) hb_store64_le((tmp) + 8 * j, y_[j] ^ (c)->h.w[j]); \
    } while (0)

#endif
