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

/* Sender: frame data for (data_id, payload, fv) into frame[0..cap); returns
 * its length, or a negative HB_ERR_* code.  ctx: p->mac->ctx_size bytes. */
int hb_can_sign(const hb_can_profile *p, void *ctx, uint16_t data_id, const uint8_t *payload,
                size_t n, uint64_t fv, uint8_t *frame, size_t cap);

/* Receiver: 1 and *last updated when frame[0..len) carries a valid tag over
 * a payload of payload_len bytes with a fresh FV; 0 otherwise. */
int hb_can_verify(const hb_can_profile *p, void *ctx, uint16_t data_id, const uint8_t *frame,
                  size_t len, size_t payload_len, uint64_t *last, uint64_t window);

#endif
