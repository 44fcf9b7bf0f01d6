/* Host driver for can_auth.c: one signed frame per MAC of the SecOC
 * profiles, then the receiver's verdicts on it, as lines
 * "<mac> <frame hex> <fresh> <replayed> <tampered> <next-after-wrap>"
 * that tests/python/test_can_c.py compares with hashbench.can. */
#include <stdio.h>
#include <string.h>
#include "can_auth.h"

static uint64_t ctx[1024];

int main(void)
{
    static const struct { const char *name, *algo; uint8_t key_len, mac_len, prefix; } M[] = {
        {"cmac", "aes128_cmac", 16, 16, 0}, {"hmac-sha256", "hmac_sha256", 32, 32, 0},
        {"kmac128", "kmac128", 16, 16, 0}, {"blake2s", "blake2s", 32, 32, 0},
        {"ascon", "ascon_cxof128", 16, 16, 1}};
    static const uint8_t Z[] = "hashbench CAN MAC";
    uint8_t key[32], payload[4] = {0xde, 0xad, 0xbe, 0xef}, frame[64], bad[64];
    unsigned i, j;
    for (i = 0; i < 32; i++) key[i] = (uint8_t)i;
    for (i = 0; i < sizeof M / sizeof M[0]; i++) {
        hb_can_profile p;
        uint64_t fv = 0x1234567u, last;
        int n, fresh, replay, tamper, wrap;
        memset(&p, 0, sizeof p);
        p.mac = hb_find(M[i].algo);
        if (!p.mac || p.mac->ctx_size > sizeof ctx) return 1;
        p.key = key; p.key_len = M[i].key_len; p.key_prefix = M[i].prefix;
        if (M[i].prefix) { p.custom = Z; p.custom_len = sizeof Z - 1; }
        p.mac_len = M[i].mac_len; p.fv_bytes = 4; p.fv_tx_bits = 8; p.tag_bits = 24;
        n = hb_can_sign(&p, ctx, 0x0a0, payload, sizeof payload, fv, frame, 8);
        if (n != 8) return 2;
        last = fv - 1u;
        fresh = hb_can_verify(&p, ctx, 0x0a0, frame, 8, 4, &last, 256);
        replay = hb_can_verify(&p, ctx, 0x0a0, frame, 8, 4, &last, 256);
        memcpy(bad, frame, 8);
        bad[0] ^= 1;
        last = fv - 1u;
        tamper = hb_can_verify(&p, ctx, 0x0a0, bad, 8, 4, &last, 256);
        /* the truncated FV wraps from 0xff to 0x00 between two messages */
        n = hb_can_sign(&p, ctx, 0x0a0, payload, 4, 0x100, frame + 8, 8);
        last = 0xff;
        wrap = n == 8 && hb_can_verify(&p, ctx, 0x0a0, frame + 8, 8, 4, &last, 256) && last == 0x100;
        printf("%s ", M[i].name);
        for (j = 0; j < 8; j++) printf("%02x", frame[j]);
        printf(" %d %d %d %d\n", fresh, replay, tamper, wrap);
    }
    return 0;
}
