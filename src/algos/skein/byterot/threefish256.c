/* Threefish-256 inside UBI: the unrolled form's code (../unrolled/) with
 * the MIX of threefish_byterot.h */
#include "threefish_byterot.h"
#include "../unrolled/threefish256.c"
