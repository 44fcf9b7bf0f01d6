/*
 * sponge.h -- the sponge construction, written once over a permutation
 * interface (in the spirit of XKCP's SnP).
 *
 * A permutation supplies three functions over its own state type:
 *   add(st, in, off, len)      XOR in[0..len) into state bytes off..off+len
 *   extract(st, out, off, len) copy state bytes off..off+len to out
 *   permute(st, rounds)        apply the permutation with `rounds` rounds
 * "State bytes" are the permutation's canonical byte view (Keccak: lanes
 * little-endian; Ascon: lanes in its own byte order), so the mode never
 * knows the platform's endianness.
 *
 * Modes (SHA-3, SHAKE, Keccak, cSHAKE/KMAC, TurboSHAKE, K12, Ascon) keep an
 * hb_sponge (rate, position, round count) beside the permutation state.
 */
#ifndef HB_SPONGE_H
#define HB_SPONGE_H

#include <stddef.h>
#include <stdint.h>
#include "hashbench.h"

typedef struct hb_perm {
    uint16_t width; /* state bytes */
    void (*add)(void *st, const uint8_t *in, size_t off, size_t len) HB_REENTRANT;
    void (*extract)(const void *st, uint8_t *out, size_t off, size_t len) HB_REENTRANT;
    void (*permute)(void *st, unsigned rounds) HB_REENTRANT;
} hb_perm;

typedef struct hb_sponge {
    uint16_t rate;      /* bytes absorbed/squeezed per permutation call */
    uint16_t pos;       /* position inside the current block            */
    uint8_t rounds;     /* rounds per permutation call                  */
    uint8_t squeezing;  /* 0 while absorbing                            */
} hb_sponge;

void hb_sponge_init(hb_sponge *s, unsigned rate, unsigned rounds);
void hb_sponge_absorb(const hb_perm *p, void *st, hb_sponge *s, const uint8_t *in, size_t len);
/* End absorbing: XOR `ds` at the current position and `last` at byte
 * rate-1, then permute (pad10*1 with a domain byte: SHA-3 ds=0x06
 * last=0x80, SHAKE 0x1F/0x80, Keccak 0x01/0x80, Ascon 0x01/0x00). */
void hb_sponge_pad(const hb_perm *p, void *st, hb_sponge *s, uint8_t ds, uint8_t last);
/* Squeeze len bytes (may be called repeatedly). */
void hb_sponge_squeeze(const hb_perm *p, void *st, hb_sponge *s, uint8_t *out, size_t len);

#endif
