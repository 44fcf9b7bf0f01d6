/* The sponge construction: see sponge.h */
#include "sponge.h"

void hb_sponge_init(hb_sponge *s, unsigned rate, unsigned rounds)
{
    s->rate = (uint16_t)rate;
    s->pos = 0;
    s->rounds = (uint8_t)rounds;
    s->squeezing = 0;
}

void hb_sponge_absorb(const hb_perm *p, void *st, hb_sponge *s, const uint8_t *in, size_t len)
{
    size_t r = s->rate;
    while (len) {
        size_t take = r - s->pos;
        if (take > len) take = len;
        p->add(st, in, s->pos, take);
        s->pos = (uint16_t)(s->pos + take);
        in += take;
        len -= take;
        if (s->pos == r) {
            p->permute(st, s->rounds);
            s->pos = 0;
        }
    }
}

void hb_sponge_pad(const hb_perm *p, void *st, hb_sponge *s, uint8_t ds, uint8_t last)
{
    p->add(st, &ds, s->pos, 1);
    if (last) p->add(st, &last, (size_t)s->rate - 1, 1);
    p->permute(st, s->rounds);
    s->pos = 0;
    s->squeezing = 1;
}

void hb_sponge_squeeze(const hb_perm *p, void *st, hb_sponge *s, uint8_t *out, size_t len)
{
    size_t r = s->rate;
    while (len) {
        size_t take;
        if (s->pos == r) {
            p->permute(st, s->rounds);
            s->pos = 0;
        }
        take = r - s->pos;
        if (take > len) take = len;
        p->extract(st, out, s->pos, take);
        s->pos = (uint16_t)(s->pos + take);
        out += take;
        len -= take;
    }
}
