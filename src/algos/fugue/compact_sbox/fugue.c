/*
 * Fugue, the base of the state computed at run time, SMIX from the AES
 * S-box alone: the smallest form.  See ../fugue.h.
 */
#include "../fugue_sbox.h"
#include "../fugue_smix.h"
#include "../fugue_compact.h"
#include "../fugue_md.h"
