/* Ascon-p of unrolled compiled for x86 BMI1/BMI2 with the and-not form of
 * the S-box: see ../impls.toml.  andn is chi's ~a & b in one instruction
 * and rorx rotates into a new register, so a round needs neither the nots
 * nor the copies the plain x86-64 code spends.  Only a CPU with BMI1 and
 * BMI2 may run it: the host dispatch checks (src/common/hb_dispatch.h). */
#if defined(__x86_64__) || defined(__i386__)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("bmi,bmi2"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC target("bmi,bmi2")
#endif
#define HB_ASCON_ANDN 1
#include "../unrolled/asconp.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
/* not an x86 CPU: the dispatch never lists this implementation */
typedef int hb_ascon_bmi_unused;
#endif
