/* families.h -- the headers of every algorithm family named in algos.def.
 * One line per family (this file merges as a union: see .gitattributes). */
#include "sha2/sha2.h"
#include "keccak/keccak.h"
#include "cubehash/cubehash.h"
