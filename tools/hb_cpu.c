/* hb-cpu FEATURES: exit 0 if this CPU and its OS support every x86 feature
 * of the comma-separated list (names of src/common/hb_dispatch.h), 1 if
 * not, 2 for an unknown name.  Without arguments: print the features found.
 * `make test-c` runs a kernel's KATs only where this says it can. */
#include <stdio.h>
#include "../src/common/hb_dispatch.h"

int main(int argc, char **argv)
{
    static const char *const all[] = {"sse2", "ssse3", "sse4.1", "avx", "avx2", "avx512f", "avx512vl", "sha", "aes", "bmi", "bmi2"};
    size_t i;
    if (argc > 1) {
        if (hb_cpu_parse(argv[1]) == ~0u) {
            fprintf(stderr, "hb-cpu: unknown feature in %s\n", argv[1]);
            return 2;
        }
        return hb_cpu_can(argv[1]) ? 0 : 1;
    }
    for (i = 0; i < sizeof all / sizeof all[0]; i++)
        if (hb_cpu_can(all[i]))
            printf("%s%s", i ? " " : "", all[i]);
    printf("\n");
    return 0;
}
