/*
 * hb_platform.h -- the few things that differ between compilers and targets.
 *
 * A target overrides these by defining them before including hashbench.h
 * (usually with -D flags from targets/<target>/target.mk).
 *
 * HB_ROM             storage qualifier of large constant tables
 *                    (AVR: const PROGMEM; 8051: __code; default: const)
 * HB_ROM_U8/U32/U64  read element i of such a table (AVR: pgm_read_*)
 * HB_REENTRANT       attribute of functions called through pointers
 *                    (SDCC without --stack-auto: __reentrant)
 * HB_SCRATCH         storage class of the large work arrays inside block
 *                    functions (message schedules, copies of the state):
 *                    empty, i.e. automatic, by default; `static` where the
 *                    stack cannot hold them (8051: a 256-byte pdata stack).
 *                    Those functions are then not reentrant, which the
 *                    library never needs; the runner counts such arrays as
 *                    static RAM beside the stack.
 * HB_FEWER_SPILLS    written at file scope before the functions it is
 *                    for: turns off the optimisations that keep
 *                    temporaries in spill locations (SDCC: global common
 *                    subexpressions, induction variables, loop-invariant
 *                    code motion), for kernels whose frames overflow the
 *                    8051's internal stack; empty elsewhere
 * HB_HMAC_CTX_WORDS  size in uint64_t of each half of the generic HMAC
 *                    context (must hold the largest hash context)
 * HB_INLINE          how the internal headers define their small helpers:
 *                    `static inline` by default; C99 `inline` on SDCC,
 *                    which compiles every static inline function of a
 *                    header into each object, called or not (about 6 KB
 *                    of 8051 code per module), and an inline definition
 *                    only where it is called (SDCC inlines every call, so
 *                    no external definition is needed: a missed one is a
 *                    link error, not a silent cost)
 * HB_NOINLINE        keeps a function out of line (GCC and Clang); for a
 *                    block function whose loop, inlined around it, makes
 *                    the register allocator spill the working state
 */
#ifndef HB_PLATFORM_H
#define HB_PLATFORM_H

#ifndef HB_ROM
#define HB_ROM const
#endif
#ifndef HB_ROM_U8
#define HB_ROM_U8(tab, i) ((tab)[i])
#endif
#ifndef HB_ROM_U16
#define HB_ROM_U16(tab, i) ((tab)[i])
#endif
#ifndef HB_ROM_U32
#define HB_ROM_U32(tab, i) ((tab)[i])
#endif
#ifndef HB_ROM_U64
#define HB_ROM_U64(tab, i) ((tab)[i])
#endif
#ifndef HB_REENTRANT
#define HB_REENTRANT
#endif
#ifndef HB_SCRATCH
#define HB_SCRATCH
#endif
#ifndef HB_FEWER_SPILLS
#ifdef __SDCC
#define HB_FEWER_SPILLS _Pragma("nogcse") _Pragma("noinduction") _Pragma("noinvariant")
#else
#define HB_FEWER_SPILLS
#endif
#endif
#ifndef HB_INLINE
#define HB_INLINE static inline
#endif
#ifndef HB_NOINLINE
#if defined(__GNUC__)
#define HB_NOINLINE __attribute__((noinline))
#else
#define HB_NOINLINE
#endif
#endif
#ifndef HB_HMAC_CTX_WORDS
#define HB_HMAC_CTX_WORDS 320
#endif

#endif
