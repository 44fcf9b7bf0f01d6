/* CAN authentication, sender and receiver work: see can_auth.h */
#include <string.h>
#include "can_auth.h"

static uint8_t tx_bytes(unsigned bits) { return (uint8_t)((bits + 7u) / 8u); }

int hb_can_check(const hb_can_profile *p)
{
    const hb_algo *a = p->mac;
    if (!a || p->key_prefix > 2 || p->fv_bytes < 1 || p->fv_bytes > 8) return HB_ERR_PARAM;
    if (!p->key || !p->key_len) return HB_ERR_KEY;
    if (p->mac_len < 1 || p->mac_len > HB_CAN_MAX_MAC) return HB_ERR_OUTLEN;
    /* a fixed-length hash's final must be asked for exactly its digest */
    if (!(a->flags & (HB_XOF | HB_VAROUT)) && p->mac_len != a->digest_size) return HB_ERR_OUTLEN;
    if (p->fv_tx_bits > 8u * p->fv_bytes || p->tag_bits < 1 || p->tag_bits > 8u * p->mac_len)
        return HB_ERR_PARAM;
    return HB_OK;
}

/* callers have checked the profile and that n fits the authenticator */
static int mac(const hb_can_profile *p, void *ctx, uint16_t data_id, const uint8_t *payload,
               size_t n, uint64_t fv, uint8_t *out)
{
    uint8_t in[HB_CAN_MAX_INPUT];
    hb_params prm = HB_PARAMS_INIT;
    size_t len = 0;
    unsigned i;
    int r;
    in[len++] = (uint8_t)(data_id >> 8);
    in[len++] = (uint8_t)data_id;
    memcpy(in + len, payload, n);
    len += n;
    for (i = p->fv_bytes; i-- > 0;) in[len++] = (uint8_t)(fv >> (8u * i));
    if (!p->key_prefix) {
        prm.key = p->key;
        prm.key_len = p->key_len;
    }
    prm.custom = p->custom;
    prm.custom_len = p->custom_len;
    if (p->mac->flags & HB_VAROUT) prm.out_len = p->mac_len;
    r = p->mac->init(ctx, &prm);
    if (r != HB_OK) return r;
    if (p->key_prefix == 1) p->mac->update(ctx, p->key, p->key_len);
    p->mac->update(ctx, in, len);
    if (p->key_prefix == 2) p->mac->update(ctx, p->key, p->key_len);
    p->mac->final(ctx, out, p->mac_len);
    return HB_OK;
}

static void truncate_tag(uint8_t *tag, unsigned bits)
{
    if (bits % 8u) tag[bits / 8u] &= (uint8_t)(0xffu << (8u - bits % 8u));
}

/* largest FV the profile's fv_bytes hold */
static uint64_t fv_max(const hb_can_profile *p)
{
    return p->fv_bytes < 8 ? ((uint64_t)1 << (8u * p->fv_bytes)) - 1u : ~(uint64_t)0;
}

int hb_can_sign(const hb_can_profile *p, void *ctx, uint16_t data_id, const uint8_t *payload,
                size_t n, uint64_t fv, uint8_t *frame, size_t cap)
{
    uint8_t full[HB_CAN_MAX_MAC];
    uint8_t fb, tb;
    unsigned i;
    int r = hb_can_check(p);
    if (r != HB_OK) return r;
    if (n > HB_CAN_MAX_INPUT - 2u - p->fv_bytes || fv > fv_max(p)) return HB_ERR_PARAM;
    fb = tx_bytes(p->fv_tx_bits);
    tb = tx_bytes(p->tag_bits);
    if (n + fb + tb > cap) return HB_ERR_OUTLEN;
    r = mac(p, ctx, data_id, payload, n, fv, full);
    if (r != HB_OK) return r;
    truncate_tag(full, p->tag_bits);
    memmove(frame, payload, n);
    for (i = 0; i < fb; i++) frame[n + i] = (uint8_t)(fv >> (8u * (fb - 1u - i)));
    if (p->fv_tx_bits % 8u) frame[n] &= (uint8_t)((1u << (p->fv_tx_bits % 8u)) - 1u);
    memcpy(frame + n + fb, full, tb);
    return (int)(n + fb + tb);
}

int hb_can_verify(const hb_can_profile *p, void *ctx, uint16_t data_id, const uint8_t *frame,
                  size_t len, size_t payload_len, uint64_t *last, uint64_t window)
{
    uint8_t want[HB_CAN_MAX_MAC];
    uint8_t fb, tb;
    uint64_t rx = 0, top, fv, step, mask;
    size_t i;
    int r = hb_can_check(p);
    if (r != HB_OK) return r;
    if (payload_len > HB_CAN_MAX_INPUT - 2u - p->fv_bytes) return HB_ERR_PARAM;
    fb = tx_bytes(p->fv_tx_bits);
    tb = tx_bytes(p->tag_bits);
    if (len < payload_len + fb + tb) return HB_CAN_ERR_LENGTH;
    for (i = payload_len + fb + tb; i < len; i++)
        if (frame[i]) return 0;
    /* the sender leaves the bits above fv_tx_bits zero: one frame, one encoding */
    if (p->fv_tx_bits % 8u && frame[payload_len] >> (p->fv_tx_bits % 8u)) return 0;
    for (i = 0; i < fb; i++) rx = (rx << 8) | frame[payload_len + i];
    top = *last + window;
    if (top > fv_max(p) || top < *last) top = fv_max(p);
    if (p->fv_tx_bits == 0) {
        fv = *last + 1u;
        step = 1;
    } else if (p->fv_tx_bits >= 64) {
        fv = rx;
        step = 0;
    } else {
        step = (uint64_t)1 << p->fv_tx_bits;
        mask = step - 1u;
        /* smallest fv > last with fv mod 2^t == rx */
        fv = *last + 1u + ((rx - (*last + 1u)) & mask);
    }
    if (fv <= *last) return 0;
    while (fv <= top) {
        r = mac(p, ctx, data_id, frame, payload_len, fv, want);
        if (r != HB_OK) return r;
        truncate_tag(want, p->tag_bits);
        if (hb_ct_equal(want, frame + payload_len + fb, tb)) {
            *last = fv;
            return 1;
        }
        /* stop before fv + step passes top: with a 64-bit FV and top at
         * 2^64 - 1 the sum would wrap and the loop would never end */
        if (!step || top - fv < step) break;
        fv += step;
    }
    return 0;
}
