/* Keccak-p[1600] of lanes64 compiled for x86 BMI1/BMI2: see ../impls.toml.
 * chi's ~b & c is one andn, and rorx rotates into a new register, so a
 * round needs neither the not nor the copies the plain x86-64 code spends
 * on them (lane complementing, the other way to drop the nots, has nothing
 * left to save here).  Only a CPU with BMI1 and BMI2 may run it: the host
 * dispatch checks (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("bmi,bmi2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("bmi,bmi2")
#endif
#include "../lanes64/keccakp1600.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_keccak_bmi_unused;
#endif
