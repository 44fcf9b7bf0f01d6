/* stats.h -- order statistics of a sample of counts. */
#ifndef HB_STATS_H
#define HB_STATS_H
#include <stddef.h>
#include <stdint.h>

typedef struct { uint64_t min, q1, median, q3, max; } hb_summary;
/* sorts x in place; n >= 1 */
hb_summary hb_summarise(uint64_t *x, size_t n);
#endif
