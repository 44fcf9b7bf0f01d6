/* the tables of tables8, which this form shares */
#include "../tables8/groestl_tables.c"
