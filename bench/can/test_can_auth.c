/* Host driver for can_auth.c, two ways:
 *   test_can_auth      one signed frame per MAC of the SecOC profiles, then
 *                      the receiver's verdicts on it, as lines
 *                      "<mac> <frame hex> <fresh> <replayed> <tampered> <next-after-wrap>"
 *   test_can_auth -    one request per line on stdin, one answer line each:
 *     S <profile> <data_id> <fv> <payload hex>
 *         -> "<hb_can_sign's return> <frame hex>"
 *     V <profile> <data_id> <payload_len> <last> <window> <frame hex>
 *         -> "<hb_can_verify's return> <last after>"
 *     <profile> = <algo> <key_prefix> <key hex> <custom hex> <mac_len>
 *                 <fv_bytes> <fv_tx_bits> <tag_bits>; numbers in decimal,
 *                 "-" for empty hex.
 * tests/python/test_can_c.py compares both with hashbench.can. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "can_auth.h"

static uint64_t ctx[1024];

/* "-" or an even number of hex digits into out[0..cap); the length, or -1 */
static long unhex(const char *h, uint8_t *out, size_t cap)
{
    size_t n = 0;
    unsigned v;
    if (strcmp(h, "-") == 0) return 0;
    while (h[0] && h[1]) {
        if (n == cap || sscanf(h, "%2x", &v) != 1) return -1;
        out[n++] = (uint8_t)v;
        h += 2;
    }
    return h[0] ? -1 : (long)n;
}

static void puthex(const uint8_t *p, size_t n)
{
    size_t i;
    if (!n) putchar('-');
    for (i = 0; i < n; i++) printf("%02x", p[i]);
}

static int serve(void)
{
    static char line[4096], algo[64], keyh[300], custh[300], dath[600];
    static uint8_t key[150], cust[150], dat[300], frame[600];
    unsigned prefix, mac_len, fv_bytes, tx, tag, data_id;
    unsigned long long a, b, c;
    hb_can_profile p;
    long kl, cl, dl;
    char op;
    while (fgets(line, sizeof line, stdin)) {
        int r, k = sscanf(line, "%c %63s %u %299s %299s %u %u %u %u %u", &op, algo, &prefix, keyh, custh,
                          &mac_len, &fv_bytes, &tx, &tag, &data_id);
        memset(&p, 0, sizeof p);
        kl = unhex(keyh, key, sizeof key);
        cl = unhex(custh, cust, sizeof cust);
        p.mac = hb_find(algo);
        if (k != 10 || kl < 0 || cl < 0 || !p.mac || p.mac->ctx_size > sizeof ctx) {
            fprintf(stderr, "test_can_auth: bad request: %s", line);
            return 2;
        }
        p.key = key; p.key_len = (size_t)kl; p.custom = cust; p.custom_len = (size_t)cl;
        p.key_prefix = (uint8_t)prefix; p.mac_len = (uint8_t)mac_len; p.fv_bytes = (uint8_t)fv_bytes;
        p.fv_tx_bits = (uint8_t)tx; p.tag_bits = (uint16_t)tag;
        if (op == 'S' && sscanf(line, "%*c %*s %*u %*s %*s %*u %*u %*u %*u %*u %llu %599s", &a, dath) == 2 &&
            (dl = unhex(dath, dat, sizeof dat)) >= 0) {
            r = hb_can_sign(&p, ctx, (uint16_t)data_id, dat, (size_t)dl, a, frame, sizeof frame);
            printf("%d ", r);
            puthex(frame, r > 0 ? (size_t)r : 0);
        } else if (op == 'V' && sscanf(line, "%*c %*s %*u %*s %*s %*u %*u %*u %*u %*u %llu %llu %llu %599s",
                                       &a, &b, &c, dath) == 4 && (dl = unhex(dath, dat, sizeof dat)) >= 0) {
            uint64_t last = b;
            r = hb_can_verify(&p, ctx, (uint16_t)data_id, dat, (size_t)dl, (size_t)a, &last, c);
            printf("%d %llu", r, (unsigned long long)last);
        } else {
            fprintf(stderr, "test_can_auth: bad request: %s", line);
            return 2;
        }
        putchar('\n');
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const struct { const char *name, *algo; uint8_t key_len, mac_len, prefix; } M[] = {
        {"cmac", "aes128_cmac", 16, 16, 0}, {"hmac-sha256", "hmac_sha256", 32, 32, 0},
        {"kmac128", "kmac128", 16, 16, 0}, {"blake2s", "blake2s", 32, 32, 0},
        {"ascon", "ascon_cxof128", 16, 16, 1}};
    static const uint8_t Z[] = "hashbench CAN MAC";
    uint8_t key[32], payload[4] = {0xde, 0xad, 0xbe, 0xef}, frame[64], bad[64];
    unsigned i, j;
    if (argc == 2 && strcmp(argv[1], "-") == 0) return serve();
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
