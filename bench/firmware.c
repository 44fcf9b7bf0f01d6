/*
 * firmware.c -- the measuring driver of every embedded target (one
 * algorithm per image, named by HB_FW_ALGO: the registry is built from a
 * .def holding only its line(s)).  It needs only the target HAL:
 *   hal_cycles()   cycle count (exact or modelled, see the target)
 *   hal_putc()     console
 * and prints, in this order (parsed by python/hashbench/targets/firmware.py):
 *   algo=NAME ctx=BYTES
 *   checksum=HEX           SUPERCOP style: H(H(m_0) || ... || H(m_{N-1})),
 *                          m_i = i bytes of the pattern below
 *   overhead=C             cycles of an empty measurement (subtracted below)
 *   kind=size size=S cycles=C [instructions=I] stack=B   per message size
 *   kind=blocks size=S cycles=C          1..K whole blocks (HTime fit)
 *   done
 * Build-time parameters: HB_FW_CHECK_N (messages in the checksum),
 * HB_FW_SIZES (comma list of sizes), HB_FW_BLOCKS (K), HB_FW_MAXMSG
 * (message buffer bytes), HB_FW_OUT (output bytes of an XOF),
 * HB_FW_STACK_PAINT (bytes of stack painted below the caller).
 */
#include <string.h>
#include "hashbench.h"
#include HB_FW_HAL
#include "hal.h"

#ifndef HB_FW_CHECK_N
#define HB_FW_CHECK_N 256
#endif
#ifndef HB_FW_SIZES
#define HB_FW_SIZES 0, 64
#endif
#ifndef HB_FW_BLOCKS
#define HB_FW_BLOCKS 4
#endif
#ifndef HB_FW_MAXMSG
#define HB_FW_MAXMSG 4096
#endif
#ifndef HB_FW_OUT
#define HB_FW_OUT 32
#endif
#ifndef HB_FW_STACK_PAINT
#define HB_FW_STACK_PAINT 8192
#endif
#define PAINT 0xA5u

static const uint32_t sizes[] = {HB_FW_SIZES};
static uint8_t msg[HB_FW_MAXMSG];
static uint64_t ctx_a[(HB_FW_CTX_BYTES + 7) / 8];
static uint64_t ctx_b[(HB_FW_CTX_BYTES + 7) / 8];
static const uint8_t key[32] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

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

/* message bytes: a fixed pattern, the same the host uses (firmware.py) */
static void fill(uint8_t *m, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) m[i] = (uint8_t)(i * 7u + (i >> 8) + 1u);
}

static void params(const hb_algo *a, hb_params *p)
{
    memset(p, 0, sizeof *p);
    if (a->flags & HB_KEYED) {
        p->key = key;
        p->key_len = a->max_key < 32 ? a->max_key : 32;
    }
}

static size_t out_len(const hb_algo *a)
{
    return a->digest_size ? a->digest_size : HB_FW_OUT;
}

/* one hash, kept out of line so its stack use is its own */
static HB_NOINLINE void hash_once(const hb_algo *a, const uint8_t *m, size_t n, uint8_t *out)
{
    static hb_params p; /* static: 8-bit stacks are small (8051: 256 bytes) */
    params(a, &p);
    a->init(ctx_a, &p);
    a->update(ctx_a, m, n);
    a->final(ctx_a, out, out_len(a));
}

#ifdef HB_FW_HAL_STACK
/* The HAL measures the stack itself (8051: an upward-growing idata stack). */
static HB_NOINLINE size_t stack_used(const hb_algo *a, size_t n, uint8_t *out)
{
    hal_stack_paint();
    hash_once(a, msg, n, out);
    return hal_stack_used();
}
#else
/* Paint the stack below this frame, hash, and see how deep it was written.
 * The pointer goes through a volatile so the compiler keeps the address. */
static HB_NOINLINE size_t stack_used(const hb_algo *a, size_t n, uint8_t *out)
{
    volatile uint8_t probe = 0;
    uint8_t *volatile top = (uint8_t *)&probe;
    uint8_t *lo = top - HB_FW_STACK_PAINT;
    size_t i;
    for (i = 64; i < HB_FW_STACK_PAINT; i++) lo[i - 64] = PAINT;
    hash_once(a, msg, n, out);
    for (i = 0; i < HB_FW_STACK_PAINT - 64; i++)
        if (lo[i] != PAINT) break;
    return (size_t)(top - (lo + i));
}
#endif

#ifdef HB_FW_HAS_INSTRUCTIONS
static uint64_t last_instructions;
#endif

static uint64_t measure(const hb_algo *a, size_t n, uint8_t *out)
{
    static uint64_t t0, t1;
#ifdef HB_FW_HAS_INSTRUCTIONS
    uint64_t i0;
#endif
    hash_once(a, msg, n, out); /* warm: same path twice, counts are deterministic */
#ifdef HB_FW_HAS_INSTRUCTIONS
    i0 = hal_instructions();
#endif
    t0 = hal_cycles();
    hash_once(a, msg, n, out);
    t1 = hal_cycles();
#ifdef HB_FW_HAS_INSTRUCTIONS
    last_instructions = hal_instructions() - i0;
#endif
    return t1 - t0;
}

static void put_instructions(void)
{
#ifdef HB_FW_HAS_INSTRUCTIONS
    put_kv(" instructions=", last_instructions);
#endif
}

int main(void)
{
    const hb_algo *a = hb_find(HB_FW_ALGO);
    static uint8_t out[HB_FW_OUT > 128 ? HB_FW_OUT : 128]; /* static: off an 8-bit stack */
    static hb_params p;
    static uint64_t t0, t1, overhead;
    size_t i, ol = out_len(a);
    static const char hexd[] = "0123456789abcdef";

    put_str("algo=");
    put_str(a->name);
    put_kv(" ctx=", a->ctx_size);
    hal_putc('\n');

    /* checksum over messages 0..N-1 */
    params(a, &p);
    a->init(ctx_b, &p);
    for (i = 0; i < HB_FW_CHECK_N && i <= HB_FW_MAXMSG; i++) {
        fill(msg, i);
        hash_once(a, msg, i, out);
        a->update(ctx_b, out, ol);
    }
    a->final(ctx_b, out, ol);
    put_str("checksum=");
    for (i = 0; i < ol; i++) {
        hal_putc(hexd[out[i] >> 4]);
        hal_putc(hexd[out[i] & 15]);
    }
    hal_putc('\n');

    fill(msg, HB_FW_MAXMSG);
    t0 = hal_cycles();
    t1 = hal_cycles();
    overhead = t1 - t0;
    put_kv("overhead=", overhead);
    hal_putc('\n');
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        uint64_t c;
        if (n > HB_FW_MAXMSG) continue;
        c = measure(a, n, out) - overhead;
        put_kv("kind=size size=", n);
        put_kv(" cycles=", c);
        put_instructions();
        put_kv(" stack=", stack_used(a, n, out));
        hal_putc('\n');
    }
    for (i = 1; i <= HB_FW_BLOCKS; i++) {
        size_t n = i * a->block_size;
        if (n > HB_FW_MAXMSG) break;
        put_kv("kind=blocks size=", n);
        put_kv(" cycles=", measure(a, n, out) - overhead);
        put_instructions();
        hal_putc('\n');
    }
    put_str("done\n");
    return 0;
}
