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
#define PAINT 0xA5u
#define HB_NOINLINE __attribute__((noinline))

#define PEER_CTX HB_PEER_CTX
#define PEER_INIT HB_PEER_INIT
#define PEER_CLOSE HB_PEER_CLOSE

static const uint32_t sizes[] = {HB_FW_SIZES};
static uint8_t msg[HB_FW_MAXMSG];
static uint64_t ctx_a[(HB_FW_CTX_BYTES + 7) / 8];
static uint64_t ctx_b[(HB_FW_CTX_BYTES + 7) / 8];
static PEER_CTX peer_a, peer_b;
static const hb_algo *algo;

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
static HB_NOINLINE void ours_once(const uint8_t *m, size_t n, uint8_t *out)
{
    algo->init(ctx_a, NULL);
    algo->update(ctx_a, m, n);
    algo->final(ctx_a, out, algo->digest_size);
}

static HB_NOINLINE void peer_once(const uint8_t *m, size_t n, uint8_t *out)
{
    PEER_INIT(&peer_a);
    HB_PEER_UPDATE(&peer_a, m, n);
    PEER_CLOSE(&peer_a, out);
}

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
    static uint8_t o1[128], o2[128];
    static uint64_t t0, t1;
    size_t i, ol;
    int equal;

    algo = hb_find(HB_FW_ALGO);
    ol = algo->digest_size;
    put_str("algo=");
    put_str(algo->name);
    put_kv(" ctx=", algo->ctx_size);
    put_kv(" peer_ctx=", sizeof(PEER_CTX));
    hal_putc('\n');

    /* checksum over messages 0..N-1, each side hashing its own digests */
    algo->init(ctx_b, NULL);
    PEER_INIT(&peer_b);
    for (i = 0; i < HB_FW_CHECK_N && i <= HB_FW_MAXMSG; i++) {
        fill(msg, i);
        ours_once(msg, i, o1);
        algo->update(ctx_b, o1, ol);
        peer_once(msg, i, o2);
        HB_PEER_UPDATE(&peer_b, o2, ol);
    }
    algo->final(ctx_b, o1, ol);
    PEER_CLOSE(&peer_b, o2);
    put_str("checksum=");
    put_hex(o1, ol);
    put_str("\npeer_checksum=");
    put_hex(o2, ol);
    hal_putc('\n');
    equal = memcmp(o1, o2, ol) == 0;

    fill(msg, HB_FW_MAXMSG);
    t0 = hal_cycles();
    t1 = hal_cycles();
    overhead = t1 - t0;
    put_kv("overhead=", overhead);
    hal_putc('\n');
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        if (n > HB_FW_MAXMSG) continue;
        measure("size", ours_once, n, o1, 1);
        if (!equal) continue;
        measure("peer-size", peer_once, n, o2, 1);
        equal = memcmp(o1, o2, ol) == 0;
    }
    for (i = 1; i <= HB_FW_BLOCKS; i++) {
        size_t n = i * algo->block_size;
        if (n > HB_FW_MAXMSG) break;
        measure("blocks", ours_once, n, o1, 0);
        if (!equal) continue;
        measure("peer-blocks", peer_once, n, o2, 0);
        equal = memcmp(o1, o2, ol) == 0;
    }
    put_kv("peer_equal=", (uint64_t)equal);
    put_str("\ndone\n");
    return 0;
}
