/* The BLAKE3 kernel for SSE4.1: four chains per call (SSE4.1), one
 * compression in rows with pshufb rotations.
 * See ../impls.toml and ../blake3_x86.h; only a CPU with the features may
 * run it (the host dispatch checks). */
#include "../blake3_x86.h"

#if HB3_X86
HB3_SSE41 void hb_blake3_kernel(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                      uint32_t block_len, uint32_t flags, uint32_t *out, int full)
{
    hb3_rows_sse41(cv, m, counter, block_len, flags, out, full);
}

HB3_SSE41 void hb_blake3_hash_many(const uint8_t *in, size_t n, unsigned blocks, const uint32_t key[8],
                         uint64_t counter, unsigned step, unsigned flags, unsigned first,
                         unsigned last, uint8_t *out)
{
    size_t stride = 64u * blocks;
    for (; n >= 4; n -= 4, in += 4 * stride, out += 128, counter += (uint64_t)4 * step)
        hb3_hash4(in, stride, blocks, key, counter, step, flags, first, last, out);
    hb3_chains_sse41(in, n, blocks, key, counter, step, flags, first, last, out);
}
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_blake3_sse41_unused;
#endif
