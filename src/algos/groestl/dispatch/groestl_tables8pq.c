/* Groestl of the tables8pq form under its own names, for the dispatch
 * (dispatch.c): Groestl's forms are whole hashes (each includes
 * groestl_md.h), so every public name is renamed, not only the compressions */
#define hb_groestl_224_init hb_groestl_224_init_tables8pq
#define hb_groestl_256_init hb_groestl_256_init_tables8pq
#define hb_groestl_384_init hb_groestl_384_init_tables8pq
#define hb_groestl_512_init hb_groestl_512_init_tables8pq
#define hb_groestl_update hb_groestl_update_tables8pq
#define hb_groestl_final hb_groestl_final_tables8pq
#define hb_groestl512_compress hb_groestl512_compress_tables8pq
#define hb_groestl1024_compress hb_groestl1024_compress_tables8pq
#include "../tables8pq/groestl.c"
