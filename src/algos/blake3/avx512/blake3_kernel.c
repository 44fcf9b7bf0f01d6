/* The BLAKE3 kernel for AVX-512: sixteen chains per call (AVX-512), then
 * eight and four; one compression in rows with vprord (AVX-512VL).
 * See ../impls.toml and ../blake3_x86.h; only a CPU with the features may
 * run it (the host dispatch checks). */
#include "../blake3_x86.h"

#if HB3_X86
HB3_AVX512 HB3_SOURCE_ORDER void hb_blake3_kernel(const uint32_t cv[8], const uint32_t m[16], uint64_t counter,
                      uint32_t block_len, uint32_t flags, uint32_t *out, int full)
{
    hb3_rows_avx512(cv, m, counter, block_len, flags, out, full);
}

HB3_AVX512 HB3_SOURCE_ORDER void hb_blake3_hash_many(const uint8_t *in, size_t n, unsigned blocks, const uint32_t key[8],
                         uint64_t counter, unsigned step, unsigned flags, unsigned first,
                         unsigned last, uint8_t *out)
{
    size_t stride = 64u * blocks;
    /* parents (one block, one counter) through a copy of hb3_hash16 with
     * those constants folded in: no block loop, no prefetch, broadcast
     * counters; a 1 MiB message has 63 such calls beside its 64 of chunks */
    if (blocks == 1 && step == 0)
        for (; n >= 16; n -= 16, in += 16 * 64, out += 512)
            hb3_hash16(in, 64, 1, key, counter, 0, flags, first, last, out);
    for (; n >= 16; n -= 16, in += 16 * stride, out += 512, counter += (uint64_t)16 * step)
        hb3_hash16(in, stride, blocks, key, counter, step, flags, first, last, out);
    for (; n >= 8; n -= 8, in += 8 * stride, out += 256, counter += (uint64_t)8 * step)
        hb3_hash8(in, stride, blocks, key, counter, step, flags, first, last, out);
    for (; n >= 4; n -= 4, in += 4 * stride, out += 128, counter += (uint64_t)4 * step)
        hb3_hash4(in, stride, blocks, key, counter, step, flags, first, last, out);
    hb3_chains_avx512(in, n, blocks, key, counter, step, flags, first, last, out);
}
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_blake3_avx512_unused;
#endif
