/*
 * fugue.h -- Fugue-224/256/384/512, SHA-3 round 2 (S. Halevi, W. E. Hall,
 * C. S. Jutla, "The Hash Function Fugue", 2009; unchanged from round 1).
 *
 * Not a block hash: the message is a stream of 32-bit big-endian words,
 * each absorbed into a state of 30 (224/256) or 36 (384/512) 4-byte
 * columns by the round R = TIX, then 2/3/4 times (ROR3, CMIX, SMIX).
 * SMIX is the AES S-box followed by Super-Mix over GF(2^8), from tables
 * (fugue_t0.c, fugue_t1_3.c) or computed: the implementation's choice.
 * The final zero-pads the last partial word, absorbs the 64-bit bit length
 * as two more words, then runs the final rounds G1, G2 without input.
 *
 * The state rotates by whole columns (ROR); instead of moving data the
 * context keeps a base index: column S_i of the specification is
 * s[(base + i) mod n].  The implementations (impls.toml, one folder each)
 * unroll the main loop over the constant bases it cycles through, or
 * compute the indices at run time (compact*: same results, a tenth of the
 * code, ~1.6x slower on x86-64); and read SMIX from four 1 KiB tables, one
 * table (*table1) or compute it from the S-box (*sbox).
 */
#ifndef HB_FUGUE_H
#define HB_FUGUE_H

#include "hashbench.h"
#include "../../modes/md.h"

typedef struct hb_fugue_ctx {
    uint32_t s[36];     /* the columns (30 used by Fugue-224/256) */
    hb_md md;
    uint8_t base;       /* S_0 is s[base]                         */
    uint8_t nr;         /* SMIX per input word: 2, 3 or 4          */
    uint8_t out_len;
    uint8_t buf[4];
} hb_fugue_ctx;

int hb_fugue_224_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_fugue_256_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_fugue_384_init(void *ctx, const hb_params *p) HB_REENTRANT;
int hb_fugue_512_init(void *ctx, const hb_params *p) HB_REENTRANT;
void hb_fugue_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT;
void hb_fugue_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT;
/* n 4-byte words through R; st is the ctx */
void hb_fugue_compress(void *st, const uint8_t *words, size_t n) HB_REENTRANT;

#endif
