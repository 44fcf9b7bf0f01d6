/* families.h -- the headers of every algorithm family named in algos.def.
 * One line per family (this file merges as a union: see .gitattributes). */
#include "sha2/sha2.h"
#include "keccak/keccak.h"
#include "k12/k12.h"
#include "sp800_185/sp800_185.h"
#include "ascon/ascon.h"
#include "blake2/blake2.h"
#include "blake3/blake3.h"
#include "blake/blake.h"
#include "skein/skein.h"
#include "shavite3/shavite3.h"
#include "groestl/groestl.h"
#include "echo/echo.h"
