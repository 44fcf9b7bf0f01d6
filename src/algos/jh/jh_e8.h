/*
 * jh_e8.h -- what the implementations of JH's E8 (jh/<impl>/, named in
 * impls.toml) on 64- or 32-bit words share: the round constants in that
 * shape and (jh_sbox.h) the S-box and L circuits.
 * Included by exactly one source of an implementation.
 */
#ifndef HB_JH_E8_H
#define HB_JH_E8_H
#include "jh.h"
#include "../../common/hb_util.h"
#include "jh_consts.h"
#include "jh_sbox.h"

static HB_ROM uint64_t JH_RC[42 * 4] = JH_RC_DATA;

#endif
