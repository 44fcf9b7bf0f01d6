/*
 * Fugue, the base of the state computed at run time (a tenth of the code),
 * SMIX from four 1 KiB tables.  See ../fugue.h.
 */
#include "../fugue_t4.h"
#include "../fugue_smix.h"
#include "../fugue_compact.h"
#include "../fugue_md.h"
