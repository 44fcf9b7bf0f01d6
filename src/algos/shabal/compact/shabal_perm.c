/* Shabal's compression, compact: see ../impls.toml */
#include "../shabal.h"
#include "../../../common/hb_util.h"

/* The compact form: A ^= W and P_{M,C} on the state in place, written with
 * loops (the specification's formulas as they stand): small code for 8-bit
 * targets. */
static void shabal_perm_small(hb_shabal_state *s, const uint32_t *m)
{
    uint32_t *a = s->a, *b = s->b, *c = s->c;
    unsigned i, j, k;

    a[0] ^= (uint32_t)s->w;
    a[1] ^= (uint32_t)(s->w >> 32);
    for (i = 0; i < 16; i++) b[i] = HB_ROTL32(b[i], 17);
    for (j = 0; j < 48; j++) {
        i = j & 15;
        k = j % 12;
        a[k] = (((a[k] ^ c[(24 - i) & 15]) ^ (HB_ROTL32(a[(k + 11) % 12], 15) * 5u)) * 3u)
            ^ (b[(i + 13) & 15] ^ (b[(i + 9) & 15] & ~b[(i + 6) & 15]) ^ m[i]);
        b[i] = ~(HB_ROTL32(b[i], 1) ^ a[k]);
    }
    for (j = 0; j < 36; j++) a[j % 12] += c[(j + 3) & 15];
}

static void shabal_swap_bc(hb_shabal_state *s)
{
    uint32_t t;
    unsigned i;
    for (i = 0; i < 16; i++) { t = s->b[i]; s->b[i] = s->c[i]; s->c[i] = t; }
}

void hb_shabal_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    hb_shabal_state *s = (hb_shabal_state *)state;
    uint32_t m[16];
    unsigned i;

    while (n--) {
        for (i = 0; i < 16; i++) { m[i] = hb_load32_le(blk + 4 * i); s->b[i] += m[i]; }
        shabal_perm_small(s, m);
        for (i = 0; i < 16; i++) s->c[i] -= m[i];
        shabal_swap_bc(s);
        s->w++;
        blk += 64;
    }
}

void hb_shabal_last(void *state, const uint8_t *blk) HB_REENTRANT
{
    hb_shabal_state *s = (hb_shabal_state *)state;
    uint64_t w = s->w;
    unsigned i;
    for (i = 0; i < 4; i++) {
        s->w = w;
        hb_shabal_compress(s, blk, 1);
    }
}
