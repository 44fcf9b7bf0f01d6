/*
 * test_ct.c -- hb_ct_equal does not branch on, or index memory by, the
 * bytes it compares.  Run under valgrind memcheck: the compared bytes are
 * marked undefined (VALGRIND_MAKE_MEM_UNDEFINED), so any conditional jump
 * or address that depends on them is reported as use of an uninitialised
 * value; the result, which does depend on them, is declared defined again
 * before the test looks at it.
 *
 * So that the test can fail, an early-exit compare is run the same way as a
 * control: memcheck must report errors for it, and none for hb_ct_equal.
 * Outside valgrind the test refuses to pass.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "hashbench.h"

typedef int (*cmp_fn)(const uint8_t *, const uint8_t *, size_t);

static int early_exit_equal(const uint8_t *a, const uint8_t *b, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* volatile: the compiler must call through the pointer, not inline or fold */
static cmp_fn volatile under_test = hb_ct_equal;
static cmp_fn volatile control = early_exit_equal;

#define MAXLEN 129

/* compare secret pairs of every length 0..MAXLEN-1, equal and differing at
 * the first, middle and last byte; returns the errors memcheck counted and
 * sets *wrong when a result was wrong */
static unsigned run(cmp_fn f, int *wrong)
{
    static uint8_t a[MAXLEN], b[MAXLEN];
    unsigned before = VALGRIND_COUNT_ERRORS;
    size_t len, i;
    int kind, r;
    for (len = 0; len < MAXLEN; len++) {
        for (kind = 0; kind < 4; kind++) {
            for (i = 0; i < len; i++) a[i] = b[i] = (uint8_t)(i * 37 + len);
            if (kind && len) b[kind == 1 ? 0 : kind == 2 ? len / 2 : len - 1] ^= 0x10;
            VALGRIND_MAKE_MEM_UNDEFINED(a, len);
            VALGRIND_MAKE_MEM_UNDEFINED(b, len);
            r = f(a, b, len);
            VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r); /* the result is public */
            VALGRIND_MAKE_MEM_DEFINED(a, sizeof a);
            VALGRIND_MAKE_MEM_DEFINED(b, sizeof b);
            if (r != (kind == 0 || len == 0)) *wrong = 1;
        }
    }
    return VALGRIND_COUNT_ERRORS - before;
}

int main(void)
{
    int wrong = 0, cwrong = 0;
    unsigned errs, cerrs;
    if (!RUNNING_ON_VALGRIND) {
        fprintf(stderr, "test_ct: run me under valgrind (make test-c does)\n");
        return 1;
    }
    errs = run(under_test, &wrong);
    fprintf(stderr, "test_ct: the control (an early-exit compare) must be reported below\n");
    cerrs = run(control, &cwrong);
    printf("test_ct: hb_ct_equal: %u secret-dependent branches or loads, %s results; "
           "early-exit control: %u\n", errs, wrong ? "WRONG" : "right", cerrs);
    if (cerrs == 0 || cwrong) {
        printf("test_ct: FAIL: the control was not flagged: the tainting does not work\n");
        return 1;
    }
    if (errs || wrong) {
        printf("test_ct: FAIL: hb_ct_equal branches on or indexes by the compared bytes\n");
        return 1;
    }
    return 0;
}
