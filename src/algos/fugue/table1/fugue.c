/*
 * Fugue, the main loop unrolled over constant bases, SMIX from one 1 KiB
 * table and rotations.  See ../fugue.h.
 */
#include "../fugue_t1.h"
#include "../fugue_smix.h"
#include "../fugue_unrolled.h"
#include "../fugue_md.h"
