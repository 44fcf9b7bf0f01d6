/* the tables of the tables8pq form (groestl_tables8pq.c), linked once */
#include "../tables8/groestl_tables.c"
