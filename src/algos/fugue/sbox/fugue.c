/*
 * Fugue, the main loop unrolled over constant bases, SMIX from the AES
 * S-box alone, Super-Mix computed.  See ../fugue.h.
 */
#include "../fugue_sbox.h"
#include "../fugue_smix.h"
#include "../fugue_unrolled.h"
#include "../fugue_md.h"
