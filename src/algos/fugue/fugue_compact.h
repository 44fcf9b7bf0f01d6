/*
 * fugue_compact.h -- hb_fugue_compress with the base of the state computed
 * at run time: a tenth of the code of fugue_unrolled.h, ~1.6x slower on
 * x86-64 (see fugue_smix.h)
 */
#ifndef HB_FUGUE_RUNTIME_BASE_H
#define HB_FUGUE_RUNTIME_BASE_H

/* R with a run-time base (small code for 8-bit targets).
 * TIX: S(10/16/22) ^= S0; S0 = I; S8 ^= S0; then nr - 1 XORs
 * S1 ^= S(24/27/24), S4 ^= S(.. + 3), S7 ^= S(.. + 6). */
void hb_fugue_compress(void *st, const uint8_t *in, size_t n) HB_REENTRANT
{
    hb_fugue_ctx *c = (hb_fugue_ctx *)st;
    uint32_t *s = c->s;
    unsigned nr = c->nr, ncol = nr == 2 ? 30 : 36, src = nr == 3 ? 27 : 24, b = c->base, k;
    for (; n; n--, in += 4) {
        s[fg_ix(b, 6 * nr - 2, ncol)] ^= s[b];
        s[b] = hb_load32_be(in);
        s[fg_ix(b, 8, ncol)] ^= s[b];
        for (k = 0; k + 1 < nr; k++) s[fg_ix(b, 1 + 3 * k, ncol)] ^= s[fg_ix(b, src + 3 * k, ncol)];
        for (k = 0; k < nr; k++) b = fg_sub_at(s, b, ncol);
    }
    c->base = (uint8_t)b;
}

#endif
