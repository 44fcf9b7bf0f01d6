/*
 * Fugue, the main loop unrolled over constant bases, SMIX from four 1 KiB
 * tables: the fastest form.  See ../fugue.h.
 */
#include "../fugue_t4.h"
#include "../fugue_smix.h"
#include "../fugue_unrolled.h"
#include "../fugue_md.h"
