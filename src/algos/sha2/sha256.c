/* SHA-224 and SHA-256 (FIPS 180-4 sec. 6.2), portable C99. */
#include "sha2.h"
#include "../../common/hb_util.h"

/* FIPS 180-4 4.2.2: first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static HB_ROM uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};
/* FIPS 180-4 5.3.2 and 5.3.3 */
static HB_ROM uint32_t IV224[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4
};
static HB_ROM uint32_t IV256[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

#define S0(x) (HB_ROTR32(x, 2) ^ HB_ROTR32(x, 13) ^ HB_ROTR32(x, 22))
#define S1(x) (HB_ROTR32(x, 6) ^ HB_ROTR32(x, 11) ^ HB_ROTR32(x, 25))
#define s0(x) (HB_ROTR32(x, 7) ^ HB_ROTR32(x, 18) ^ ((x) >> 3))
#define s1(x) (HB_ROTR32(x, 17) ^ HB_ROTR32(x, 19) ^ ((x) >> 10))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

void hb_sha256_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint32_t *H = (uint32_t *)state;
    HB_SCRATCH uint32_t W[16];
    uint32_t a, b, c, d, e, f, g, h, t1, t2;
    unsigned i;

    while (n--) {
        a = H[0]; b = H[1]; c = H[2]; d = H[3];
        e = H[4]; f = H[5]; g = H[6]; h = H[7];
        for (i = 0; i < 64; i++) {
            /* message schedule kept in a 16-word ring */
            if (i < 16) W[i] = hb_load32_be(blk + 4 * i);
            else W[i & 15] += s1(W[(i - 2) & 15]) + W[(i - 7) & 15] + s0(W[(i - 15) & 15]);
            t1 = h + S1(e) + CH(e, f, g) + HB_ROM_U32(K, i) + W[i & 15];
            t2 = S0(a) + MAJ(a, b, c);
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        H[0] += a; H[1] += b; H[2] += c; H[3] += d;
        H[4] += e; H[5] += f; H[6] += g; H[7] += h;
        blk += 64;
    }
}

static const hb_md_class SHA256_MD = {64, 0, hb_sha256_compress};

static int sha256_start(void *ctx, const hb_params *p, HB_ROM uint32_t *iv, unsigned out_len)
{
    hb_sha256_ctx *c = (hb_sha256_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 8; i++) c->H[i] = HB_ROM_U32(iv, i);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_sha224_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha256_start(ctx, p, IV224, 28); }
int hb_sha256_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha256_start(ctx, p, IV256, 32); }

void hb_sha256_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_sha256_ctx *c = (hb_sha256_ctx *)ctx;
    hb_md_update(&SHA256_MD, c->H, &c->md, c->buf, in, len);
}

void hb_sha256_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_sha256_ctx *c = (hb_sha256_ctx *)ctx;
    uint8_t tmp[32];
    unsigned i;
    hb_md_pad(&SHA256_MD, c->H, &c->md, c->buf, 0x80, 8, 1);
    for (i = 0; i < 8; i++) hb_store32_be(tmp + 4 * i, c->H[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
