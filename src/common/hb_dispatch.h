/*
 * hb_dispatch.h -- run-time choice among a family's implementations on the
 * host: CPU feature detection and the HASHBENCH_IMPL override.  Internal;
 * included only by the `dispatch` implementation folders
 * (src/algos/<family>/dispatch/), which only host builds link (impls.toml:
 * `host = "dispatch"`).  Embedded targets never see this file.
 *
 * A family's dispatch table lists its implementations fastest first, each
 * with the CPU features it needs ("" for the portable one, which must come
 * last).  hb_dispatch_pick() returns the first entry the CPU and the
 * operating system can run, unless HASHBENCH_IMPL names one:
 *
 *     HASHBENCH_IMPL=sha2=unrolled,blake2=sse41
 *
 * A forced implementation this CPU cannot run is not taken (it would fault);
 * the pick falls back to the automatic choice and hb_<family>_impl() says
 * which one runs, so a caller can tell.
 *
 * Feature names follow GCC's target attribute: sse2 ssse3 sse4.1 avx avx2
 * avx512f avx512vl sha aes bmi bmi2.  AVX and AVX-512 need both the CPU bit and the
 * OS saving the YMM/ZMM state (XCR0, read with xgetbv).
 */
#ifndef HB_DISPATCH_H
#define HB_DISPATCH_H

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#define HB_X86 1
#include <cpuid.h>
#else
#define HB_X86 0
#endif

typedef struct hb_impl_entry {
    const char *name;
    const char *cpu; /* comma-separated features, "" = portable */
} hb_impl_entry;

enum {
    HB_CPU_SSE2 = 1 << 0, HB_CPU_SSSE3 = 1 << 1, HB_CPU_SSE41 = 1 << 2, HB_CPU_AVX = 1 << 3,
    HB_CPU_AVX2 = 1 << 4, HB_CPU_AVX512F = 1 << 5, HB_CPU_AVX512VL = 1 << 6, HB_CPU_SHA = 1 << 7,
    HB_CPU_AES = 1 << 8, HB_CPU_BMI1 = 1 << 9, HB_CPU_BMI2 = 1 << 10
};

#if HB_X86
static inline unsigned long long hb_xgetbv0(void)
{
    unsigned int lo, hi;
    /* xgetbv as bytes: assemblers without AVX support still accept it */
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}
#endif

/* the HB_CPU_* bits this CPU and OS support */
static inline unsigned hb_cpu_features(void)
{
    unsigned f = 0;
#if HB_X86
    unsigned int a, b, c, d, max = __get_cpuid_max(0, 0);
    unsigned long long xcr0 = 0;
    if (max < 1)
        return 0;
    __cpuid(1, a, b, c, d);
    if (d & (1u << 26)) f |= HB_CPU_SSE2;
    if (c & (1u << 9)) f |= HB_CPU_SSSE3;
    if (c & (1u << 19)) f |= HB_CPU_SSE41;
    if (c & (1u << 25)) f |= HB_CPU_AES;
    /* OSXSAVE and XCR0: SSE (bit 1) and AVX (bit 2) state saved by the OS */
    if ((c & (1u << 27)) && (xcr0 = hb_xgetbv0(), (xcr0 & 6) == 6) && (c & (1u << 28)))
        f |= HB_CPU_AVX;
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 29)) f |= HB_CPU_SHA;
        if (b & (1u << 3)) f |= HB_CPU_BMI1;
        if (b & (1u << 8)) f |= HB_CPU_BMI2;
        if ((f & HB_CPU_AVX) && (b & (1u << 5))) f |= HB_CPU_AVX2;
        /* opmask, ZMM0-15 upper halves, ZMM16-31 (XCR0 bits 5-7) */
        if ((f & HB_CPU_AVX) && (xcr0 & 0xe0) == 0xe0 && (b & (1u << 16))) {
            f |= HB_CPU_AVX512F;
            if (b & (1u << 31)) f |= HB_CPU_AVX512VL;
        }
    }
#endif
    return f;
}

/* the bits of a feature list ("sha,sse4.1"); ~0u if a name is unknown */
static inline unsigned hb_cpu_parse(const char *list)
{
    static const struct { const char *n; unsigned bit; } names[] = {
        {"sse2", HB_CPU_SSE2}, {"ssse3", HB_CPU_SSSE3}, {"sse4.1", HB_CPU_SSE41},
        {"avx", HB_CPU_AVX}, {"avx2", HB_CPU_AVX2}, {"avx512f", HB_CPU_AVX512F},
        {"avx512vl", HB_CPU_AVX512VL}, {"sha", HB_CPU_SHA}, {"aes", HB_CPU_AES},
        {"bmi", HB_CPU_BMI1}, {"bmi2", HB_CPU_BMI2}};
    unsigned need = 0;
    while (*list) {
        size_t n = strcspn(list, ","), i, hit = 0;
        for (i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strlen(names[i].n) == n && memcmp(names[i].n, list, n) == 0) {
                need |= names[i].bit;
                hit = 1;
            }
        if (!hit && n)
            return ~0u;
        list += n + (list[n] == ',');
    }
    return need;
}

static inline int hb_cpu_can(const char *list)
{
    unsigned need = hb_cpu_parse(list);
    return need != ~0u && (hb_cpu_features() & need) == need;
}

/* the implementation HASHBENCH_IMPL names for `family`, copied into
 * buf (NULL: none named) */
static inline const char *hb_impl_forced(const char *family, char *buf, size_t size)
{
    const char *s = getenv("HASHBENCH_IMPL");
    size_t fl = strlen(family);
    while (s && *s) {
        size_t n = strcspn(s, ",");
        if (n > fl + 1 && memcmp(s, family, fl) == 0 && s[fl] == '=' && n - fl - 1 < size) {
            memcpy(buf, s + fl + 1, n - fl - 1);
            buf[n - fl - 1] = '\0';
            return buf;
        }
        s += n + (s[n] == ',');
    }
    return NULL;
}

/* index into t[0..n-1] of the implementation to run (see above) */
static inline int hb_dispatch_pick(const char *family, const hb_impl_entry *t, int n)
{
    char buf[32];
    const char *want = hb_impl_forced(family, buf, sizeof buf);
    int i;
    if (want)
        for (i = 0; i < n; i++)
            if (strcmp(t[i].name, want) == 0 && hb_cpu_can(t[i].cpu))
                return i;
    for (i = 0; i < n - 1; i++)
        if (hb_cpu_can(t[i].cpu))
            return i;
    return n - 1;
}

/* index of `name` if this CPU can run it, else -1 */
static inline int hb_dispatch_find(const char *name, const hb_impl_entry *t, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return hb_cpu_can(t[i].cpu) ? i : -1;
    return -1;
}

#endif
