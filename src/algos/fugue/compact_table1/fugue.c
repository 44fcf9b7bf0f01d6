/*
 * Fugue, the base of the state computed at run time, SMIX from one 1 KiB
 * table and rotations.  See ../fugue.h.
 */
#include "../fugue_t1.h"
#include "../fugue_smix.h"
#include "../fugue_compact.h"
#include "../fugue_md.h"
