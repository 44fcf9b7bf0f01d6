/* the embedded default under its own names, for the dispatch (never the
 * automatic choice: unrolled is portable too; here so that the host runs
 * and tests the form the targets link) */
#define hb_asconp_permute hb_asconp_permute_loop
#define hb_asconp_absorb hb_asconp_absorb_loop
#include "../loop/asconp.c"
