/* hmac.h -- HMAC (FIPS 198-1) written once over any hb_algo descriptor. */
#ifndef HB_HMAC_H
#define HB_HMAC_H
#include "hashbench.h"

/* Key the two contexts of hash h (ictx, octx: h->ctx_size bytes each) and
 * start the inner hash.  Keys longer than the block are hashed first. */
int hb_hmac_setup(const hb_algo *h, void *ictx, void *octx, const hb_params *p);
/* Finish: out = H(K ^ opad || H(K ^ ipad || m)); out_len <= digest size. */
void hb_hmac_finish(const hb_algo *h, void *ictx, void *octx, uint8_t *out, size_t out_len);
#endif
