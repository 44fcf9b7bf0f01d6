/* SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4 sec. 6.4-6.7). */
#include "sha2.h"
#include "../../common/hb_util.h"

/* FIPS 180-4 4.2.3 (cube roots of the first 80 primes; recomputed). */
static HB_ROM uint64_t K[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL
};
/* FIPS 180-4 5.3.4-5.3.6; the SHA-512/t IVs from the IV generation
 * function of 5.3.6 (recomputed). */
static HB_ROM uint64_t IV384[8] = {
    0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
    0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL
};
static HB_ROM uint64_t IV512[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
};
static HB_ROM uint64_t IV512_224[8] = {
    0x8c3d37c819544da2ULL, 0x73e1996689dcd4d6ULL, 0x1dfab7ae32ff9c82ULL, 0x679dd514582f9fcfULL,
    0x0f6d2b697bd44da8ULL, 0x77e36f7304c48942ULL, 0x3f9d85a86a1d36c8ULL, 0x1112e6ad91d692a1ULL
};
static HB_ROM uint64_t IV512_256[8] = {
    0x22312194fc2bf72cULL, 0x9f555fa3c84c64c2ULL, 0x2393b86b6f53b151ULL, 0x963877195940eabdULL,
    0x96283ee2a88effe3ULL, 0xbe5e1e2553863992ULL, 0x2b0199fc2c85b8aaULL, 0x0eb72ddc81c52ca2ULL
};

/* FIPS 180-4 4.1.3 */
#define S0(x) (HB_ROTR64(x, 28) ^ HB_ROTR64(x, 34) ^ HB_ROTR64(x, 39))
#define S1(x) (HB_ROTR64(x, 14) ^ HB_ROTR64(x, 18) ^ HB_ROTR64(x, 41))
#define s0(x) (HB_ROTR64(x, 1) ^ HB_ROTR64(x, 8) ^ ((x) >> 7))
#define s1(x) (HB_ROTR64(x, 19) ^ HB_ROTR64(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

void hb_sha512_compress(void *state, const uint8_t *blk, size_t n) HB_REENTRANT
{
    uint64_t *H = (uint64_t *)state;
    /* the 128-byte schedule alone is half the 8051's pdata stack */
    HB_SCRATCH uint64_t W[16];
    /* a..h pass through v[]: otherwise SDCC keeps the addresses H + k
     * alive from the loads to the sums, in spill locations on the 8051's
     * internal stack (223 bytes for the whole call chain): 133 bytes of
     * spills in all overflowed it and the firmware hung; 77 with v[] */
    HB_SCRATCH uint64_t v[8];
    uint64_t a, b, c, d, e, f, g, h, t1, t2;
    unsigned i;

    while (n--) {
        for (i = 0; i < 8; i++) v[i] = H[i];
        a = v[0]; b = v[1]; c = v[2]; d = v[3];
        e = v[4]; f = v[5]; g = v[6]; h = v[7];
        for (i = 0; i < 80; i++) {
            if (i < 16) W[i] = hb_load64_be(blk + 8 * i);
            else W[i & 15] += s1(W[(i - 2) & 15]) + W[(i - 7) & 15] + s0(W[(i - 15) & 15]);
            t1 = h + S1(e) + CH(e, f, g) + HB_ROM_U64(K, i) + W[i & 15];
            t2 = S0(a) + MAJ(a, b, c);
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        v[0] = a; v[1] = b; v[2] = c; v[3] = d;
        v[4] = e; v[5] = f; v[6] = g; v[7] = h;
        for (i = 0; i < 8; i++) H[i] += v[i];
        blk += 128;
    }
}

static const hb_md_class SHA512_MD = {128, 0, hb_sha512_compress};

static int sha512_start(void *ctx, const hb_params *p, HB_ROM uint64_t *iv, unsigned out_len)
{
    hb_sha512_ctx *c = (hb_sha512_ctx *)ctx;
    unsigned i;
    int r = hb_params_fixed(p, out_len);
    if (r) return r;
    for (i = 0; i < 8; i++) c->H[i] = HB_ROM_U64(iv, i);
    hb_md_reset(&c->md);
    c->out_len = (uint8_t)out_len;
    return HB_OK;
}

int hb_sha384_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV384, 48); }
int hb_sha512_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV512, 64); }
int hb_sha512_224_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV512_224, 28); }
int hb_sha512_256_init(void *ctx, const hb_params *p) HB_REENTRANT { return sha512_start(ctx, p, IV512_256, 32); }

void hb_sha512_update(void *ctx, const uint8_t *in, size_t len) HB_REENTRANT
{
    hb_sha512_ctx *c = (hb_sha512_ctx *)ctx;
    hb_md_update(&SHA512_MD, c->H, &c->md, c->buf, in, len);
}

void hb_sha512_final(void *ctx, uint8_t *out, size_t out_len) HB_REENTRANT
{
    hb_sha512_ctx *c = (hb_sha512_ctx *)ctx;
    HB_SCRATCH uint8_t tmp[64];
    unsigned i;
    hb_md_pad(&SHA512_MD, c->H, &c->md, c->buf, 0x80, 16, 1);
    for (i = 0; i < 8; i++) hb_store64_be(tmp + 8 * i, c->H[i]);
    if (out_len > c->out_len) out_len = c->out_len;
    memcpy(out, tmp, out_len);
}
