/* Threefish-1024 inside UBI: the unrolled form's code (../unrolled/) with
 * the MIX of threefish_byterot.h */
#include "threefish_byterot.h"
#include "../unrolled/threefish1024.c"
