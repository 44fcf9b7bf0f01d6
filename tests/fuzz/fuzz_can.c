/*
 * fuzz_can.c -- the CAN authentication of bench/can/can_auth.c against a
 * reference written here from can_auth.h's contract, not from can_auth.c:
 *   - hb_can_sign's frame is payload || low fv_tx_bits of the FV || the
 *     leading tag_bits of the MAC, the MAC recomputed here one-shot with
 *     hb_hash over the authenticator laid out in one buffer (key before or
 *     after it for the keyed-sponge and secret-suffix profiles);
 *   - the signed frame verifies, the accepted FV advances, and the verdict,
 *     the accepted FV, the number of candidate FVs tried and every tag
 *     compare equal the reference's: candidates enumerated from the
 *     definition (FVs in (last, min(last + window, max)] whose low
 *     fv_tx_bits are the transmitted ones), each MAC recomputed in full and
 *     truncated, so a truncated-tag collision (probability 2^-tag_bits per
 *     candidate) is accepted exactly when it is one and nothing else is;
 *   - the replay of an accepted frame, any single bit flip of the frame
 *     (payload, truncated FV, tag, CAN FD padding) or of the Data ID, and
 *     arbitrary frames from the input (mode bit 1) are judged the same way;
 *   - malformed calls (profile fields out of range, a key the MAC refuses,
 *     a payload too long, a frame too short, a buffer too small) return
 *     the code the contract names and leave *last alone; every buffer is a
 *     heap block of exactly its size, so ASan sees any read past it;
 *   - every tag compare goes through hb_ct_equal, over the whole tag:
 *     can_auth.c is built for this target with hb_ct_equal renamed to
 *     fz_ct_equal (Makefile), which counts calls and checks lengths before
 *     calling the real one.
 *
 * Input: [mode] [mac:2] [opts] [key_len] [key] [mac_len] [fv_bytes]
 *        [fv_tx_bits] [tag_bits:2] [data_id:2] [fv:8] [gap:2] [window:2]
 *        [flip:2] [pad] [payload_len] [payload] then, with mode bit 1, the
 *        frame the receiver is given.
 * mode bit 0 takes the profile fields as they come (malformed profiles);
 * otherwise they are reduced into their ranges (mac_len below 0x80: the
 * MAC's own length).  mac % 8 selects the built-in profiles' MACs (0..6)
 * or, at 7, registry entry mac / 8 (0xffff in mode bit 0: no MAC).
 * opts % 3 is entry 7's key_prefix (opts >> 4 in mode bit 0, any value);
 * bit 2 gives entry 7 a customisation string, bit 3 signs in place,
 * bit 4 makes the frame buffer one byte short, bit 5 the window near 2^64.
 */
#include "fuzz.h"
#include "can_auth.h"

#define FZ_MAX_ATTEMPTS 4u /* candidate FVs per frame: keeps one input fast */

static const uint8_t ASCON_Z[] = "hashbench CAN MAC"; /* hashbench.can.profiles.ASCON_Z */

/* the MACs of hashbench.can's profiles, as onboard.py hands them to the C code */
static const struct {
    const char *algo;
    uint8_t key_prefix, mac_len, custom;
} MACS[] = {
    {"aes128_cmac", 0, 16, 0}, {"hmac_sha256", 0, 32, 0},   {"kmac128", 0, 16, 0},
    {"blake2s", 0, 32, 0},     {"ascon_cxof128", 1, 16, 1}, {"blake2s", 2, 32, 0},
    {"keccak_256", 2, 32, 0},
};
#define N_MACS (sizeof MACS / sizeof MACS[0])

/* ---- the tag compare, counted ------------------------------------------- */
static unsigned ct_calls;
static size_t ct_len = (size_t)-1;
static int ct_len_bad;

int fz_ct_equal(const uint8_t *a, const uint8_t *b, size_t len);
int fz_ct_equal(const uint8_t *a, const uint8_t *b, size_t len)
{
    ct_calls++;
    if (len != ct_len) ct_len_bad = 1;
    return hb_ct_equal(a, b, len);
}

/* ---- the reference ------------------------------------------------------- */
static unsigned bytes_of(unsigned bits) { return (bits + 7u) / 8u; }

static uint64_t ref_fv_max(unsigned fv_bytes)
{
    return fv_bytes >= 8 ? UINT64_MAX : (((uint64_t)1) << (8u * fv_bytes)) - 1u;
}

/* what hb_can_check must say, the rules of can_auth.h one by one */
static int ref_check(const hb_can_profile *p)
{
    if (p->mac == NULL) return HB_ERR_PARAM;
    if (p->key_prefix > 2) return HB_ERR_PARAM;
    if (p->fv_bytes == 0 || p->fv_bytes > 8) return HB_ERR_PARAM;
    if (p->key == NULL || p->key_len == 0) return HB_ERR_KEY;
    if (p->mac_len == 0 || p->mac_len > HB_CAN_MAX_MAC) return HB_ERR_OUTLEN;
    if ((p->mac->flags & HB_XOF) == 0 && (p->mac->flags & HB_VAROUT) == 0 &&
        p->mac_len != p->mac->digest_size)
        return HB_ERR_OUTLEN;
    if (p->fv_tx_bits > 8 * p->fv_bytes) return HB_ERR_PARAM;
    if (p->tag_bits == 0 || p->tag_bits > 8 * p->mac_len) return HB_ERR_PARAM;
    return HB_OK;
}

static size_t ref_max_payload(const hb_can_profile *p)
{
    return HB_CAN_MAX_INPUT - 2u - p->fv_bytes;
}

/* the truncated tag over (data_id, payload, fv): hb_hash over one buffer */
static int ref_tag(const hb_can_profile *p, unsigned data_id, const uint8_t *payload, size_t n,
                   uint64_t fv, uint8_t *tag)
{
    size_t len = 0, i;
    uint8_t full[HB_CAN_MAX_MAC];
    uint8_t *buf = (uint8_t *)malloc(p->key_len + 2 + n + 8);
    hb_params prm = HB_PARAMS_INIT;
    int rc;
    if (!buf) abort();
    if (p->key_prefix == 1) { memcpy(buf, p->key, p->key_len); len = p->key_len; }
    buf[len++] = (uint8_t)(data_id >> 8);
    buf[len++] = (uint8_t)(data_id & 0xff);
    if (n) memcpy(buf + len, payload, n);
    len += n;
    for (i = 0; i < p->fv_bytes; i++) buf[len + i] = (uint8_t)(fv >> (8 * (p->fv_bytes - 1 - i)));
    len += p->fv_bytes;
    if (p->key_prefix == 2) { memcpy(buf + len, p->key, p->key_len); len += p->key_len; }
    if (p->key_prefix == 0) { prm.key = p->key; prm.key_len = p->key_len; }
    prm.custom = p->custom;
    prm.custom_len = p->custom_len;
    if (p->mac->flags & HB_VAROUT) prm.out_len = p->mac_len;
    rc = hb_hash(p->mac, &prm, buf, len, full, p->mac_len);
    free(buf);
    if (rc != HB_OK) return rc;
    memcpy(tag, full, bytes_of(p->tag_bits));
    if (p->tag_bits % 8) tag[p->tag_bits / 8] &= (uint8_t)(0xff00u >> (p->tag_bits % 8));
    return HB_OK;
}

/* what hb_can_sign must return; the frame in ref[0..return) */
static int ref_sign(const hb_can_profile *p, unsigned data_id, const uint8_t *payload, size_t n,
                    uint64_t fv, size_t cap, uint8_t *ref)
{
    unsigned fb, tb, i;
    int rc = ref_check(p);
    if (rc != HB_OK) return rc;
    if (n > ref_max_payload(p) || fv > ref_fv_max(p->fv_bytes)) return HB_ERR_PARAM;
    fb = bytes_of(p->fv_tx_bits);
    tb = bytes_of(p->tag_bits);
    if (n + fb + tb > cap) return HB_ERR_OUTLEN;
    if (n) memcpy(ref, payload, n);
    for (i = 0; i < fb; i++) {
        /* bit k of the FV field is bit k of the FV, for k < fv_tx_bits */
        unsigned bit0 = 8 * (fb - 1 - i), k;
        uint8_t b = 0;
        for (k = 0; k < 8; k++)
            if (bit0 + k < p->fv_tx_bits && ((fv >> (bit0 + k)) & 1u)) b |= (uint8_t)(1u << k);
        ref[n + i] = b;
    }
    rc = ref_tag(p, data_id, payload, n, fv, ref + n + fb);
    return rc != HB_OK ? rc : (int)(n + fb + tb);
}

/* what hb_can_verify must return, *last as it must leave it, and in
 * *attempts the MAC compares it must make */
static int ref_verify(const hb_can_profile *p, unsigned data_id, const uint8_t *frame, size_t len,
                      size_t payload_len, uint64_t *last, uint64_t window, unsigned *attempts)
{
    unsigned fb, tb, t, i;
    uint64_t rx = 0, top, max, fv;
    uint8_t want[HB_CAN_MAX_MAC];
    int rc = ref_check(p);
    *attempts = 0;
    if (rc != HB_OK) return rc;
    if (payload_len > ref_max_payload(p)) return HB_ERR_PARAM;
    t = p->fv_tx_bits;
    fb = bytes_of(t);
    tb = bytes_of(p->tag_bits);
    if (len < payload_len + fb + tb) return HB_CAN_ERR_LENGTH;
    for (i = (unsigned)(payload_len + fb + tb); i < len; i++)
        if (frame[i] != 0) return 0;
    for (i = 0; i < fb; i++) rx = (rx << 8) | frame[payload_len + i];
    if (t < 64 && (rx >> t) != 0) return 0;
    max = ref_fv_max(p->fv_bytes);
    top = (window > max || *last > max - window) ? max : *last + window;
    if (t == 0) {
        fv = *last + 1;                  /* every FV is a candidate */
    } else if (t >= 64) {
        fv = rx;
    } else {
        uint64_t m = (((uint64_t)1) << t) - 1u;
        fv = ((*last + 1) & ~m) | rx;
        if (fv < *last + 1) fv += m + 1; /* may wrap to 0: no candidate then */
    }
    while (fv > *last && fv <= top) {
        uint64_t step = t == 0 ? 1 : t >= 64 ? 0 : ((uint64_t)1) << t;
        (*attempts)++;
        rc = ref_tag(p, data_id, frame, payload_len, fv, want);
        if (rc != HB_OK) return rc;
        if (memcmp(want, frame + payload_len + fb, tb) == 0) {
            *last = fv;
            return 1;
        }
        /* the candidates are the FVs in (last, top]: none past 2^64 - 1 */
        if (step == 0 || fv > UINT64_MAX - step) break;
        fv += step;
    }
    return 0;
}

/* ---- the checks ----------------------------------------------------------- */
static const char *label(const hb_can_profile *p)
{
    return p->mac ? p->mac->name : "(no MAC)";
}

/* hb_can_verify against the reference on frame[0..len) (a heap copy) */
static int verify_same(const hb_can_profile *p, void *ctx, unsigned data_id, const uint8_t *frame,
                       size_t len, size_t payload_len, uint64_t *last, uint64_t window,
                       const char *what)
{
    uint64_t got_last = *last, ref_last = *last;
    unsigned attempts;
    uint8_t *f = fz_dup(frame, len);
    int ref = ref_verify(p, data_id, frame, len, payload_len, &ref_last, window, &attempts);
    int got;
    ct_calls = 0;
    ct_len_bad = 0;
    ct_len = bytes_of(p->tag_bits);
    got = hb_can_verify(p, ctx, (uint16_t)data_id, f, len, payload_len, &got_last, window);
    free(f);
    if (got != ref || got_last != ref_last) {
        fz_hex("frame", frame, len);
        FZ_CHECK(0, label(p), "%s: verify gave %d, last %llu; the reference %d, last %llu (last was %llu, "
                 "window %llu, payload %zu, fv_bytes %u, fv_tx_bits %u, tag_bits %u)", what, got,
                 (unsigned long long)got_last, ref, (unsigned long long)ref_last,
                 (unsigned long long)*last, (unsigned long long)window, payload_len, p->fv_bytes,
                 p->fv_tx_bits, p->tag_bits);
    }
    /* an init error is met at the first candidate, before its compare */
    FZ_CHECK(ct_calls == attempts - (ref < 0 && attempts > 0), label(p),
             "%s: %u tag compares through hb_ct_equal, %u candidate FVs", what, ct_calls, attempts);
    FZ_CHECK(!ct_len_bad, label(p), "%s: hb_ct_equal over other than the %u tag bytes", what,
             (unsigned)ct_len);
    *last = got_last;
    return got;
}

/* the profile of an input; *n_out: the payload length */
typedef struct {
    hb_can_profile p;
    unsigned data_id, flip, pad, opts;
    uint64_t fv, last, window;
    const uint8_t *payload;
    size_t n;
} fz_case;

static void read_case(fz_reader *r, fz_case *c, int raw)
{
    static uint8_t EMPTY[1];
    unsigned sel = fz_u16(r), mac_len, fv_bytes, tx, tag, gap, w, i;
    size_t key_len;
    const hb_algo *a;
    memset(c, 0, sizeof *c);
    c->opts = fz_u8(r);
    c->p.key = fz_bytes(r, fz_u8(r) % 65u, &key_len);
    c->p.key_len = key_len;
    if (!key_len) c->p.key = EMPTY; /* zero bytes, not none: the length is what is wrong */
    if (sel % 8u < N_MACS) {
        a = hb_find(MACS[sel % 8u].algo);
        c->p.key_prefix = MACS[sel % 8u].key_prefix;
        c->p.mac_len = MACS[sel % 8u].mac_len;
        if (MACS[sel % 8u].custom) { c->p.custom = ASCON_Z; c->p.custom_len = sizeof ASCON_Z - 1; }
    } else {
        a = hb_at((sel / 8u) % hb_count());
        c->p.key_prefix = (uint8_t)(c->opts % 3u);
        c->p.mac_len = (uint8_t)(a->digest_size ? a->digest_size : 32u);
        if (c->opts & 4) { c->p.custom = c->p.key; c->p.custom_len = key_len; }
    }
    c->p.mac = a;
    mac_len = fz_u8(r);
    fv_bytes = fz_u8(r);
    tx = fz_u8(r);
    tag = fz_u16(r);
    c->data_id = fz_u16(r);
    for (i = 0; i < 8; i++) c->fv = (c->fv << 8) | fz_u8(r);
    gap = fz_u16(r);
    w = fz_u16(r);
    c->flip = fz_u16(r);
    c->pad = fz_u8(r);
    c->n = fz_u8(r);
    if (raw) {
        if (sel == 0xffff) c->p.mac = NULL;
        c->p.key_prefix = (uint8_t)(c->opts >> 4);
        c->p.mac_len = (uint8_t)mac_len;
        c->p.fv_bytes = (uint8_t)fv_bytes;
        c->p.fv_tx_bits = (uint8_t)tx;
        c->p.tag_bits = (uint16_t)tag;
    } else {
        if (mac_len >= 0x80) c->p.mac_len = (uint8_t)(1u + mac_len % HB_CAN_MAX_MAC);
        c->p.fv_bytes = (uint8_t)(1u + fv_bytes % 8u);
        c->p.fv_tx_bits = (uint8_t)(tx % (8u * c->p.fv_bytes + 1u));
        c->p.tag_bits = (uint16_t)(1u + tag % (8u * c->p.mac_len));
        c->fv &= ref_fv_max(c->p.fv_bytes);
        c->n %= HB_CAN_MAX_INPUT - 2u - c->p.fv_bytes + 1u;
    }
    c->payload = fz_bytes(r, c->n, &c->n);
    /* the receiver's last accepted FV: gap + 1 below the FV, or past it */
    c->last = c->fv > gap ? c->fv - 1u - gap : c->fv + gap;
    /* at most FZ_MAX_ATTEMPTS candidates: window / 2^fv_tx_bits of them */
    tx = c->p.fv_tx_bits;
    if ((c->opts & 32) && tx + 2u >= 8u * c->p.fv_bytes)
        c->window = UINT64_MAX - w; /* top = last + window saturates */
    else if (tx >= 16)
        c->window = w;
    else
        c->window = w % ((uint64_t)FZ_MAX_ATTEMPTS << tx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r = {data, size};
    unsigned mode = fz_u8(&r);
    fz_case c;
    const hb_can_profile *p = &c.p;
    size_t cap, need;
    uint8_t *payload, *frame, *ref;
    void *ctx;
    int got, want;
    uint64_t last;

    read_case(&r, &c, mode & 1);
    if (c.p.mac && c.p.mac->ctx_size == 0) return 0;
    ctx = malloc(c.p.mac ? c.p.mac->ctx_size : 1);
    if (!ctx) abort();

    if (mode & 2) { /* a frame from the input: the receiver alone */
        size_t len;
        const uint8_t *f = fz_bytes(&r, r.n, &len);
        last = c.last;
        verify_same(p, ctx, c.data_id, f, len, c.n, &last, c.window, "frame from the input");
        free(ctx);
        return 0;
    }

    /* the sender */
    need = c.n + (c.p.fv_tx_bits + 7u) / 8u + (c.p.tag_bits + 7u) / 8u;
    cap = need - ((c.opts & 16) && need > 0);
    if (cap < c.n) cap = c.n;
    payload = fz_dup(c.payload, c.n);
    ref = (uint8_t *)malloc(need + 1);
    frame = (uint8_t *)malloc(cap + c.pad % 8u + 1u);
    if (!ref || !frame) abort();
    want = ref_sign(p, c.data_id, c.payload, c.n, c.fv, cap, ref);
    if (c.opts & 8) { /* in place: the payload is the frame's start */
        if (c.n) memcpy(frame, c.payload, c.n);
        got = hb_can_sign(p, ctx, (uint16_t)c.data_id, frame, c.n, c.fv, frame, cap);
    } else {
        got = hb_can_sign(p, ctx, (uint16_t)c.data_id, payload, c.n, c.fv, frame, cap);
    }
    FZ_CHECK(got == want, label(p), "sign returned %d, the reference %d (cap %zu, need %zu)", got, want,
             cap, need);
    if (got > 0) FZ_SAME(frame, ref, (size_t)got, label(p), "signed frame");

    /* what the sender refuses, the receiver refuses too (or the empty frame) */
    if (got < 0) {
        int v;
        last = c.last;
        v = verify_same(p, ctx, c.data_id, ref, 0, c.n, &last, c.window, "refused profile");
        FZ_CHECK(v < 0 && last == c.last, label(p), "verify of an empty frame gave %d", v);
    }

    if (got > 0) {
        size_t len = (size_t)got + c.pad % 8u, bits;
        uint64_t before;
        int v;
        memset(frame + got, 0, c.pad % 8u); /* CAN FD padding is zero */
        last = c.last;
        v = verify_same(p, ctx, c.data_id, frame, len, c.n, &last, c.window, "signed frame");
        if (c.fv > c.last && c.fv - c.last <= c.window)
            FZ_CHECK(v == 1 && last > c.last && last <= c.fv, label(p),
                     "a fresh frame (fv %llu, last %llu, window %llu) not accepted: %d",
                     (unsigned long long)c.fv, (unsigned long long)c.last,
                     (unsigned long long)c.window, v);
        if (v == 1) {
            before = last;
            v = verify_same(p, ctx, c.data_id, frame, len, c.n, &last, c.window, "replay");
            FZ_CHECK(v != 1 || last > before, label(p), "replay accepted at the same FV");
        }
        /* one bit flipped: of the frame, or of the Data ID */
        bits = 8u * len;
        last = c.last;
        if (c.flip % (bits + 16u) < bits) {
            frame[(c.flip % bits) / 8u] ^= (uint8_t)(1u << (c.flip % 8u));
            verify_same(p, ctx, c.data_id, frame, len, c.n, &last, c.window, "one frame bit flipped");
            frame[(c.flip % bits) / 8u] ^= (uint8_t)(1u << (c.flip % 8u));
        } else {
            verify_same(p, ctx, c.data_id ^ (1u << (c.flip % 16u)), frame, len, c.n, &last, c.window,
                        "one Data ID bit flipped");
        }
        /* cut short by one byte: a framing error, not a forgery */
        last = c.last;
        v = verify_same(p, ctx, c.data_id, frame, (size_t)got - 1u, c.n, &last, c.window, "short frame");
        FZ_CHECK(v == HB_CAN_ERR_LENGTH, label(p), "a frame one byte short gave %d", v);
    }
    free(frame);
    free(ref);
    free(payload);
    free(ctx);
    return 0;
}
