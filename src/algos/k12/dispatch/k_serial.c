/* the serial leaves under their own name, for the dispatch */
#define hb_kt_leaves hb_kt_leaves_serial_form
#include "../serial/kt_leaves.c"
