/* Skein v1.3 UBI with Threefish-1024: 80 rounds (sec. 3.3, 3.4),
 * on bytes: see ../threefish_common.h */
#include "../threefish_common.h"

static HB_ROM uint8_t TF_PAIRS[4 * 16] = TF1024_PAIRS;
static HB_ROM uint8_t TF_ROT[8 * 16 / 2] = TF1024_ROT;
#define TF_NW 16
#define TF_SUBKEYS 21
#include "threefish_bytes.h"

void hb_skein1024_ubi(uint64_t *S, const uint8_t *blk, size_t n, size_t bytes) HB_REENTRANT
{
    while (n--) {
        TF_ADVANCE(S, bytes);
        tf_block(S, blk);
        S[1] &= ~TF_FIRST;
        blk += 128;
    }
}

TF_UBI_OUT(1024)
