/* SHAvite-3-384/512: the regs form's, whose statement order
 * (shavite3_regs512.h) already suits avr-gcc: see ../regs/shavite3_512.c */
#include "../regs/shavite3_512.c"
