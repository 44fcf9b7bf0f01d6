/* Skein v1.3 UBI with Threefish-512: 72 rounds (sec. 3.3, 3.4),
 * on bytes: see ../threefish_common.h */
#include "../threefish_common.h"

static HB_ROM uint8_t TF_PAIRS[4 * 8] = TF512_PAIRS;
static HB_ROM uint8_t TF_ROT[8 * 8 / 2] = TF512_ROT;
#define TF_NW 8
#define TF_SUBKEYS 19
#include "threefish_bytes.h"

void hb_skein512_ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT
{
    while (n--) {
        TF_ADVANCE(S, bytes);
        tf_block(S, blk);
        S[1] &= ~TF_FIRST;
        blk += 64;
    }
}

TF_UBI_OUT(512)
