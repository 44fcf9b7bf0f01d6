/*
 * can_auth.h -- the sender's and the receiver's work of one SecOC-style CAN
 * authentication profile, in portable C over any registry MAC, so that it
 * can be measured on the embedded targets like a hash (python/hashbench/can
 * is the reference; tests/python/test_can_c.py checks both agree).
 *
 * Authenticator input: Data ID (2 bytes big-endian) || payload || full FV
 * (fv_bytes, big-endian).  Frame data: payload || low fv_tx_bits of the FV
 * (whole bytes, big-endian) || leading tag_bits of the MAC (whole bytes,
 * unused low bits zero).  The receiver takes the smallest FVs above *last
 * whose low bits match, up to *last + window, and accepts the first whose
 * MAC matches (hb_ct_equal), then stores it in *last.
 */
#ifndef HB_CAN_AUTH_H
#define HB_CAN_AUTH_H

#include <stddef.h>
#include <stdint.h>
#include "hashbench.h"

typedef struct hb_can_profile {
    const hb_algo *mac;
    const uint8_t *key;     size_t key_len;
    const uint8_t *custom;  size_t custom_len;
    uint8_t key_prefix;     /* 0: params->key; 1: absorbed before the input (keyed sponge);    */
                            /* 2: after it (seed 000 secret suffix H(ID||D||FC||K))        */
    uint8_t mac_len;        /* bytes of MAC computed (16 or 32)                               */
    uint8_t fv_bytes;       /* full FV, 1..8                                                   */
    uint8_t fv_tx_bits;     /* 0..8 * fv_bytes                                                 */
    uint16_t tag_bits;      /* 1..8 * mac_len (256: a whole BLAKE2s tag)                      */
} hb_can_profile;

#define HB_CAN_MAX_INPUT 80  /* 2 + 64-byte payload + 8-byte FV, rounded up */
#define HB_CAN_MAX_MAC 64    /* longest MAC a profile may compute, bytes */

/* hb_can_verify's code for a frame shorter than payload || FV || tag: the
 * caller's framing is wrong, which is not the same as a forged frame */
#define HB_CAN_ERR_LENGTH -5

/* HB_OK when the profile can be used: a MAC and a key of at least one byte
 * (HB_ERR_KEY otherwise), key_prefix 0..2, mac_len 1..HB_CAN_MAX_MAC and, for
 * a fixed-length MAC without HB_VAROUT, its digest_size (HB_ERR_OUTLEN
 * otherwise), fv_bytes 1..8, fv_tx_bits 0..8 * fv_bytes, tag_bits
 * 1..8 * mac_len (HB_ERR_PARAM otherwise).  Whether the MAC takes a key of
 * that length is its init's decision: sign and verify return its code. */
int hb_can_check(const hb_can_profile *p);

/* Sender: frame data for (data_id, payload, fv) into frame[0..cap); returns
 * its length, or a negative code: hb_can_check's, HB_ERR_PARAM for a
 * payload longer than HB_CAN_MAX_INPUT - 2 - fv_bytes or an FV that does
 * not fit fv_bytes, HB_ERR_OUTLEN when cap is too small, the MAC's init's.
 * ctx: p->mac->ctx_size bytes.  frame may be payload (in place). */
int hb_can_sign(const hb_can_profile *p, void *ctx, uint16_t data_id, const uint8_t *payload,
                size_t n, uint64_t fv, uint8_t *frame, size_t cap);

/* Receiver: 1 and *last updated when frame[0..len) carries a valid tag over
 * a payload of payload_len bytes with a fresh FV; 0 (and *last unchanged)
 * when it does not: a wrong tag, no fresh FV in (*last, *last + window], a
 * transmitted FV with bits set above fv_tx_bits, a non-zero byte after the
 * tag (CAN FD padding is zero).  Negative for a call that cannot be
 * answered: hb_can_check's code, HB_ERR_PARAM for a payload_len sign would
 * refuse, HB_CAN_ERR_LENGTH for len < payload_len + FV bytes + tag bytes, the
 * MAC's init's code (met at the first candidate FV). */
int hb_can_verify(const hb_can_profile *p, void *ctx, uint16_t data_id, const uint8_t *frame,
                  size_t len, size_t payload_len, uint64_t *last, uint64_t window);

#endif
