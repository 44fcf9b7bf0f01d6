/* Quartiles by linear interpolation between order statistics (type 7). */
#include <stdlib.h>
#include "stats.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t quantile(const uint64_t *x, size_t n, unsigned num, unsigned den)
{
    /* position (n-1)*num/den, interpolated, rounded to nearest */
    uint64_t pos_scaled = (uint64_t)(n - 1) * num;
    size_t lo = (size_t)(pos_scaled / den);
    uint64_t frac = pos_scaled % den;
    if (lo + 1 >= n) return x[n - 1];
    return x[lo] + ((x[lo + 1] - x[lo]) * frac + den / 2) / den;
}

hb_summary hb_summarise(uint64_t *x, size_t n)
{
    hb_summary s;
    qsort(x, n, sizeof *x, cmp_u64);
    s.min = x[0];
    s.q1 = quantile(x, n, 1, 4);
    s.median = quantile(x, n, 1, 2);
    s.q3 = quantile(x, n, 3, 4);
    s.max = x[n - 1];
    return s;
}
