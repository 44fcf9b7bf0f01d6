/*
 * fw_can.c -- the CAN-authentication workload of every embedded target: the
 * sender's and the receiver's work of one profile (can_auth.c), with the
 * same HAL (bench/hal.h) and the same key=value console protocol as
 * bench/firmware.c, parsed by python/hashbench/targets/firmware.py:
 *   algo=NAME ctx=BYTES
 *   checksum=HEX     FNV-1a-64 over, for message i = 0..HB_FW_CHECK_N-1,
 *                    the frame bytes the sender produced || the receiver's
 *                    verdict on it, then the verdicts on a replay and on a
 *                    tampered frame (the host computes the same through
 *                    hashbench.can: python/hashbench/can/onboard.py)
 *   overhead=C
 *   kind=can-sender size=N cycles=C [instructions=I] stack=B
 *   kind=can-receiver size=N cycles=C [instructions=I] stack=B
 *   done
 * FNV rather than a hash of the library: the image links only the profile's
 * MAC, and the check is of equality with the host, not of security.
 * The profile comes from build-time macros (HB_CAN_*, set by onboard.py).
 */
#include <string.h>
#include "hashbench.h"
#include HB_FW_HAL
#include "hal.h"
#include "can_auth.h"

#ifndef HB_FW_CHECK_N
#define HB_FW_CHECK_N 16
#endif
#ifndef HB_FW_STACK_PAINT
#define HB_FW_STACK_PAINT 8192
#endif
#ifndef HB_CAN_CUSTOM
#define HB_CAN_CUSTOM ""
#endif
#define HB_CAN_FRAME (HB_CAN_PAYLOAD + (HB_CAN_FV_TX_BITS + 7) / 8 + (HB_CAN_TAG_BITS + 7) / 8)
#define PAINT 0xA5u

static uint64_t ctx[(HB_FW_CTX_BYTES + 7) / 8];
static uint8_t key[HB_CAN_KEY_LEN];
static const uint8_t custom[] = HB_CAN_CUSTOM;
static hb_can_profile prof;
static uint8_t payload[HB_CAN_PAYLOAD + 1];
static uint8_t frame[HB_CAN_FRAME + 1];
static uint64_t last;
static int verdict;

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

static uint64_t fnv(uint64_t h, const uint8_t *p, size_t n)
{
    while (n--) {
        h ^= *p++;
        h *= 0x100000001b3ull;
    }
    return h;
}

/* message i's payload (the host's onboard.payload) */
static void fill(uint32_t i)
{
    size_t j;
    for (j = 0; j < HB_CAN_PAYLOAD; j++) payload[j] = (uint8_t)(j * 7u + i + 1u);
}

/* role 0: the sender's work on (payload, fv); role 1: the receiver's on frame */
static HB_NOINLINE void work(int role, uint64_t fv)
{
    if (role == 0) {
        hb_can_sign(&prof, ctx, HB_CAN_DATA_ID, payload, HB_CAN_PAYLOAD, fv, frame, HB_CAN_FRAME);
    } else {
        last = fv - 1u;
        verdict = hb_can_verify(&prof, ctx, HB_CAN_DATA_ID, frame, HB_CAN_FRAME, HB_CAN_PAYLOAD, &last,
                                HB_CAN_WINDOW);
    }
}

#ifdef HB_FW_HAL_STACK
static HB_NOINLINE size_t stack_used(int role, uint64_t fv)
{
    hal_stack_paint();
    work(role, fv);
    return hal_stack_used();
}
#else
/* as in firmware.c: paint below this frame, run, see how deep it was written */
static HB_NOINLINE size_t stack_used(int role, uint64_t fv)
{
    volatile uint8_t probe = 0;
    uint8_t *volatile top = (uint8_t *)&probe;
    uint8_t *lo = top - HB_FW_STACK_PAINT;
    size_t i;
    for (i = 64; i < HB_FW_STACK_PAINT; i++) lo[i - 64] = PAINT;
    work(role, fv);
    for (i = 0; i < HB_FW_STACK_PAINT - 64; i++)
        if (lo[i] != PAINT) break;
    return (size_t)(top - (lo + i));
}
#endif

static void row(const char *kind, int role, uint64_t fv, uint64_t overhead)
{
    static uint64_t t0, t1;
#ifdef HB_FW_HAS_INSTRUCTIONS
    uint64_t i0;
#endif
    work(role, fv); /* warm: same path twice, counts are deterministic */
#ifdef HB_FW_HAS_INSTRUCTIONS
    i0 = hal_instructions();
#endif
    t0 = hal_cycles();
    work(role, fv);
    t1 = hal_cycles();
    put_str("kind=");
    put_str(kind);
    put_kv(" size=", HB_CAN_INPUT);
    put_kv(" cycles=", t1 - t0 - overhead);
#ifdef HB_FW_HAS_INSTRUCTIONS
    put_kv(" instructions=", hal_instructions() - i0);
#endif
    put_kv(" stack=", stack_used(role, fv));
    hal_putc('\n');
}

int main(void)
{
    static const char hexd[] = "0123456789abcdef";
    static uint64_t h, t0, t1, overhead, fv;
    static uint8_t v;
    uint32_t i;
    int k;

    for (i = 0; i < HB_CAN_KEY_LEN; i++) key[i] = (uint8_t)i;
    prof.mac = hb_find(HB_FW_ALGO);
    prof.key = key;
    prof.key_len = HB_CAN_KEY_LEN;
    prof.custom = custom;
    prof.custom_len = sizeof custom - 1u;
    prof.key_prefix = HB_CAN_KEY_POS;
    prof.mac_len = HB_CAN_MAC_LEN;
    prof.fv_bytes = HB_CAN_FV_BYTES;
    prof.fv_tx_bits = HB_CAN_FV_TX_BITS;
    prof.tag_bits = HB_CAN_TAG_BITS;
    put_str("algo=");
    put_str(prof.mac->name);
    put_kv(" ctx=", prof.mac->ctx_size);
    hal_putc('\n');

    h = 0xcbf29ce484222325ull;
    for (i = 0; i < HB_FW_CHECK_N; i++) {
        fv = HB_CAN_FV0 + i;
        fill(i);
        work(0, fv);
        h = fnv(h, frame, HB_CAN_FRAME);
        work(1, fv);
        v = (uint8_t)verdict;
        h = fnv(h, &v, 1);
    }
    /* the last frame again, once accepted: a replay */
    v = (uint8_t)hb_can_verify(&prof, ctx, HB_CAN_DATA_ID, frame, HB_CAN_FRAME, HB_CAN_PAYLOAD, &last,
                               HB_CAN_WINDOW);
    h = fnv(h, &v, 1);
    frame[0] ^= 1u;
    work(1, fv);
    v = (uint8_t)verdict;
    h = fnv(h, &v, 1);
    put_str("checksum=");
    for (k = 60; k >= 0; k -= 4) hal_putc(hexd[(h >> k) & 15u]);
    hal_putc('\n');

    t0 = hal_cycles();
    t1 = hal_cycles();
    overhead = t1 - t0;
    put_kv("overhead=", overhead);
    hal_putc('\n');
    fill(0);
    row("can-sender", 0, HB_CAN_FV0, overhead);
    row("can-receiver", 1, HB_CAN_FV0, overhead);
    put_str("done\n");
    return 0;
}
