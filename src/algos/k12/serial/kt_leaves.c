/* The portable K12 leaves: one leaf after the other (../impls.toml). */
#include "../k12_serial.h"

void hb_kt_leaves(const uint8_t *in, size_t n, unsigned cv_len, uint8_t *cv) HB_REENTRANT
{
    hb_kt_leaves_serial(in, n, cv_len, cv);
}
