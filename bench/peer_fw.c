/*
 * peer_fw.c -- side by side on an embedded target: one image holds our
 * implementation of one algorithm (HB_FW_ALGO, as bench/firmware.c) and a
 * peer library's portable C of the same algorithm, built with the same
 * compiler and flags, and runs both on the same messages.  Built by
 * python/hashbench/peer_c.py (`hashbench peer-c --target T`) from the
 * sources the person running it fetched; the peer is never part of
 * hashbench.
 *
 * The peer is named by HB_PEER_HEADER (its header) and four names in
 * sphlib's calling convention, each given whole (sphlib's header makes
 * sph_sha256 a macro for sph_sha224, so names pasted from a prefix after
 * expansion would pick SHA-224's close):
 *   HB_PEER_CTX ctx;  HB_PEER_INIT(&ctx);  HB_PEER_UPDATE(&ctx, data, len);
 *   HB_PEER_CLOSE(&ctx, out)
 *
 * Output (parsed by peer_c.py; the shape follows bench/firmware.c so the
 * target pipeline reads it with the same parser):
 *   algo=NAME ctx=BYTES peer_ctx=BYTES
 *   checksum=HEX         ours: H(H(m_0) || ... || H(m_{N-1})) as firmware.c
 *   peer_checksum=HEX    the same computed with the peer
 *   overhead=C
 *   kind=size size=S cycles=C [instructions=I] stack=B          ours
 *   kind=peer-size size=S cycles=C [instructions=I] stack=B     the peer
 *   kind=blocks / kind=peer-blocks size=S cycles=C              whole blocks
 *   peer_equal=0|1       the peer's digest equalled ours at the checksum's
 *                        messages and at every size measured
 *   done
 * HB_PEER_SIDE 1 or 2 builds an image of ours alone or of the peer alone,
 * for a pair that does not fit one part's memory together: the peer-only
 * image does not look up our registry, so the linker (--gc-sections) drops
 * our code, and its checksum is compared with the host's instead of ours.
 * HB_PEER_DIGEST and HB_PEER_BLOCK give the digest and block sizes.
 *
 * The peer is timed only if its checksum equals ours, and each size is
 * timed ours first, then the peer's (the simulators are deterministic, so
 * the order changes no count; it keeps both sides' runs next to each other).
 */
#include <string.h>
#include "hashbench.h"
#include HB_FW_HAL
#include "hal.h"
#include HB_PEER_HEADER

#ifndef HB_FW_CHECK_N
#define HB_FW_CHECK_N 64
#endif
#ifndef HB_FW_SIZES
#define HB_FW_SIZES 0, 64
#endif
#ifndef HB_FW_BLOCKS
#define HB_FW_BLOCKS 4
#endif
#ifndef HB_FW_MAXMSG
#define HB_FW_MAXMSG 1024
#endif
#ifndef HB_FW_STACK_PAINT
#define HB_FW_STACK_PAINT 8192
#endif
#ifndef HB_PEER_SIDE
#define HB_PEER_SIDE 0   /* 0: both, 1: ours only, 2: the peer only */
#endif
#define WITH_OURS (HB_PEER_SIDE != 2)
#define WITH_PEER (HB_PEER_SIDE != 1)
#define PAINT 0xA5u

#define PEER_CTX HB_PEER_CTX
#define PEER_INIT HB_PEER_INIT
#define PEER_CLOSE HB_PEER_CLOSE

static const uint32_t sizes[] = {HB_FW_SIZES};
static uint8_t msg[HB_FW_MAXMSG];
#if WITH_OURS
static uint64_t ctx_a[(HB_FW_CTX_BYTES + 7) / 8];
static uint64_t ctx_b[(HB_FW_CTX_BYTES + 7) / 8];
#endif
#if WITH_PEER
static PEER_CTX peer_a, peer_b;
#endif
#if WITH_OURS
static const hb_algo *algo;
#endif

static void put_str(const char *s)
{
    while (*s) hal_putc(*s++);
}

static void put_u64(uint64_t v)
{
    char b[21];
    int i = 0;
    do { b[i++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
    while (i) hal_putc(b[--i]);
}

static void put_kv(const char *k, uint64_t v)
{
    put_str(k);
    put_u64(v);
}

static void put_hex(const uint8_t *b, size_t n)
{
    static const char hexd[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        hal_putc(hexd[b[i] >> 4]);
        hal_putc(hexd[b[i] & 15]);
    }
}

/* message bytes: the pattern of bench/firmware.c (and firmware.py) */
static void fill(uint8_t *m, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) m[i] = (uint8_t)(i * 7u + (i >> 8) + 1u);
}

/* one hash of each side, out of line so that its stack use is its own */
#if WITH_OURS
static HB_NOINLINE void ours_once(const uint8_t *m, size_t n, uint8_t *out)
{
    algo->init(ctx_a, NULL);
    algo->update(ctx_a, m, n);
    algo->final(ctx_a, out, algo->digest_size);
}
#endif

#if WITH_PEER
static HB_NOINLINE void peer_once(const uint8_t *m, size_t n, uint8_t *out)
{
    PEER_INIT(&peer_a);
    HB_PEER_UPDATE(&peer_a, m, n);
    PEER_CLOSE(&peer_a, out);
}
#endif

typedef void (*hash_fn)(const uint8_t *m, size_t n, uint8_t *out);

/* Paint the stack below this frame, hash, and see how deep it was written
 * (as bench/firmware.c: the pointer goes through a volatile). */
static HB_NOINLINE size_t stack_used(hash_fn f, size_t n, uint8_t *out)
{
    volatile uint8_t probe = 0;
    uint8_t *volatile top = (uint8_t *)&probe;
    uint8_t *lo = top - HB_FW_STACK_PAINT;
    size_t i;
    for (i = 64; i < HB_FW_STACK_PAINT; i++) lo[i - 64] = PAINT;
    f(msg, n, out);
    for (i = 0; i < HB_FW_STACK_PAINT - 64; i++)
        if (lo[i] != PAINT) break;
    return (size_t)(top - (lo + i));
}

static uint64_t overhead;

/* cycles of one hash after a warm-up run of the same path; prints the row */
static void measure(const char *kind, hash_fn f, size_t n, uint8_t *out, int with_stack)
{
    static uint64_t t0, t1;
#ifdef HB_FW_HAS_INSTRUCTIONS
    uint64_t i0, ins;
#endif
    f(msg, n, out);
#ifdef HB_FW_HAS_INSTRUCTIONS
    i0 = hal_instructions();
#endif
    t0 = hal_cycles();
    f(msg, n, out);
    t1 = hal_cycles();
#ifdef HB_FW_HAS_INSTRUCTIONS
    ins = hal_instructions() - i0;
#endif
    put_str("kind=");
    put_str(kind);
    put_kv(" size=", n);
    put_kv(" cycles=", t1 - t0 - overhead);
#ifdef HB_FW_HAS_INSTRUCTIONS
    put_kv(" instructions=", ins);
#endif
    if (with_stack)
        put_kv(" stack=", stack_used(f, n, out));
    hal_putc('\n');
}

int main(void)
{
#if WITH_OURS
    static uint8_t o1[128];
#endif
#if WITH_PEER
    static uint8_t o2[128];
#endif
    static uint64_t t0, t1;
    const size_t ol = HB_PEER_DIGEST;
    size_t i;
    int equal = HB_PEER_SIDE == 2;  /* alone, the peer is judged by the host */

    put_str("algo=" HB_FW_ALGO);
#if WITH_OURS
    algo = hb_find(HB_FW_ALGO);
    put_kv(" ctx=", algo->ctx_size);
#endif
#if WITH_PEER
    put_kv(" peer_ctx=", sizeof(PEER_CTX));
#endif
    hal_putc('\n');

    /* checksum over messages 0..N-1, each side hashing its own digests */
#if WITH_OURS
    algo->init(ctx_b, NULL);
#endif
#if WITH_PEER
    PEER_INIT(&peer_b);
#endif
    for (i = 0; i < HB_FW_CHECK_N && i <= HB_FW_MAXMSG; i++) {
        fill(msg, i);
#if WITH_OURS
        ours_once(msg, i, o1);
        algo->update(ctx_b, o1, ol);
#endif
#if WITH_PEER
        peer_once(msg, i, o2);
        HB_PEER_UPDATE(&peer_b, o2, ol);
#endif
    }
#if WITH_OURS
    algo->final(ctx_b, o1, ol);
    put_str("checksum=");
    put_hex(o1, ol);
    hal_putc('\n');
#endif
#if WITH_PEER
    PEER_CLOSE(&peer_b, o2);
    put_str("peer_checksum=");
    put_hex(o2, ol);
    hal_putc('\n');
#endif
#if HB_PEER_SIDE == 0
    equal = memcmp(o1, o2, ol) == 0;
#endif

    fill(msg, HB_FW_MAXMSG);
    t0 = hal_cycles();
    t1 = hal_cycles();
    overhead = t1 - t0;
    put_kv("overhead=", overhead);
    hal_putc('\n');
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        if (n > HB_FW_MAXMSG) continue;
#if WITH_OURS
        measure("size", ours_once, n, o1, 1);
#endif
#if WITH_PEER
        if (!equal) continue;
        measure("peer-size", peer_once, n, o2, 1);
#endif
#if HB_PEER_SIDE == 0
        equal = memcmp(o1, o2, ol) == 0;
#endif
    }
    for (i = 1; i <= HB_FW_BLOCKS; i++) {
        size_t n = i * HB_PEER_BLOCK;
        if (n > HB_FW_MAXMSG) break;
#if WITH_OURS
        measure("blocks", ours_once, n, o1, 0);
#endif
#if WITH_PEER
        if (!equal) continue;
        measure("peer-blocks", peer_once, n, o2, 0);
#endif
#if HB_PEER_SIDE == 0
        equal = memcmp(o1, o2, ol) == 0;
#endif
    }
    put_kv("peer_equal=", (uint64_t)equal);
    put_str("\ndone\n");
    return 0;
}
