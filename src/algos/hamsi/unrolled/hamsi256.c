/* Hamsi-224/256 on the state array: see ../hamsi_small_array.h */
#include "../hamsi_small_array.h"
#include "../hamsi_small.h"
