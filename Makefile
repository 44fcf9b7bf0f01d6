# hashbench -- build, test and demo.  `make test` and `make demo` work on a
# fresh Debian/Ubuntu machine (they create .venv first); `make help` lists
# the rest.
CC      ?= cc
PYTHON  ?= python3
VENV    ?= .venv
BUILD   ?= build
WARN    := -std=c99 -Wall -Wextra -Werror -pedantic
CFLAGS  ?= -O2
VALGRIND ?= valgrind

# the library: the shared C files of every family, and the default
# implementation's folder of each family that has several
# (src/algos/<family>/impls.toml names it; python/hashbench/impls.py)
# (src/algos/<family>/impls.toml names it; python/hashbench/impls.py), or
# its `host` implementation where it has one: a run-time choice among forms
# for this CPU (src/common/hb_dispatch.h)
IMPL_FAMS := $(patsubst src/algos/%/impls.toml,%,$(wildcard src/algos/*/impls.toml))
impl_default = $(shell sed -n 's/^default *= *"\([^"]*\)".*/\1/p' src/algos/$(1)/impls.toml)
impl_host = $(or $(shell sed -n 's/^host *= *"\([^"]*\)".*/\1/p' src/algos/$(1)/impls.toml),$(call impl_default,$(1)))
impl_dir = src/algos/$(1)/$(call impl_host,$(1))
LIB_SRC := src/registry.c $(wildcard src/modes/*.c) $(wildcard src/algos/*/*.c) \
           $(foreach f,$(IMPL_FAMS),$(wildcard $(call impl_dir,$(f))/*.c))
# a host implementation folder with a header is on the include path (a
# kernel of macros the family includes by name: aes_round.h -> aes_col.h)
IMPL_INC := $(foreach f,$(IMPL_FAMS),$(if $(wildcard $(call impl_dir,$(f))/*.h),-I$(call impl_dir,$(f))))
HB_NOINC_CFLAGS := $(WARN) $(CFLAGS) -Iinclude
HB_CFLAGS := $(HB_NOINC_CFLAGS) $(IMPL_INC)
LIB_HDR := $(wildcard include/*.h src/*.def src/*/*.h src/algos/*/*.h src/algos/*/*/*.h)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
SAN_OBJ := $(LIB_SRC:%.c=$(BUILD)/san/%.o)
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.SECONDARY:
.PHONY: all lib setup test test-c test-py test-py-asan lint demo bench clean help check-toolchain fuzz fuzz-smoke fuzz-toolchain ct-dudect

all: lib $(BUILD)/test_kat $(BUILD)/test_props $(BUILD)/hb-bench

help:
	@echo "make setup    create $(VENV) with hashbench and the test dependencies"
	@echo "make test     setup + every test (C, C under ASan/UBSan, Python)"
	@echo "make lint     ruff check + mypy --strict over python/hashbench"
	@echo "make test-py-asan  the extension under ASan/UBSan with the Python API tests (not in make test)"
	@echo "make demo     setup + default host benchmark of every algorithm + report"
	@echo "make all      build the C library, tests and the host harness into $(BUILD)/"
	@echo "make ct-dudect  timing test (Welch t) of hb_ct_equal, CT_SAMPLES calls per function"
	@echo "make fuzz     run each libFuzzer target FUZZ_SECONDS (default $(FUZZ_SECONDS)) seconds"

check-toolchain:
	@command -v $(CC) >/dev/null 2>&1 || { echo "hashbench: no C compiler '$(CC)'. Install it: apt-get install build-essential" >&2; exit 2; }
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "hashbench: no $(PYTHON). Install it: apt-get install python3 python3-venv" >&2; exit 2; }
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 9) else 1)' || { echo "hashbench: Python >= 3.9 is needed (apt-get install python3)" >&2; exit 2; }
	@$(PYTHON) -c 'import venv, ensurepip' 2>/dev/null || { echo "hashbench: Python's venv module is missing. Install it: apt-get install python3-venv" >&2; exit 2; }

lib: $(BUILD)/libhashbench.a

$(BUILD)/obj/%.o: %.c $(LIB_HDR) | check-toolchain
	@mkdir -p $(dir $@)
	$(CC) $(HB_CFLAGS) -fPIC -c $< -o $@

$(BUILD)/san/%.o: %.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(SANFLAGS) -Iinclude $(IMPL_INC) -c $< -o $@

# implementation sources #include one another (a dispatch the forms it
# picks among, a form the portable code of the width it leaves alone): an
# object of one is stale when any of them changes
IMPL_SRC := $(wildcard src/algos/*/*/*.c)
$(IMPL_SRC:%.c=$(BUILD)/obj/%.o) $(IMPL_SRC:%.c=$(BUILD)/san/%.o): $(IMPL_SRC)

$(BUILD)/libhashbench.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libhashbench.so: $(LIB_OBJ)
	$(CC) -shared -o $@ $^

$(BUILD)/test_%: tests/c/test_%.c $(BUILD)/libhashbench.a
	$(CC) $(HB_CFLAGS) $< $(BUILD)/libhashbench.a -o $@

$(BUILD)/san_test_%: tests/c/test_%.c $(SAN_OBJ)
	$(CC) $(WARN) $(SANFLAGS) -Iinclude $< $(SAN_OBJ) -o $@

$(BUILD)/hb-bench: bench/bench.c bench/stats.c targets/host/hal.c $(BUILD)/libhashbench.a $(wildcard bench/*.h targets/host/*.h)
	$(CC) $(HB_CFLAGS) -Ibench -Itargets/host bench/bench.c bench/stats.c targets/host/hal.c $(BUILD)/libhashbench.a -o $@

# the library beside libcrypto and libsodium, loaded at run time (hashbench peers)
$(BUILD)/hb-peers: bench/peers.c $(BUILD)/libhashbench.a
	$(CC) $(HB_CFLAGS) $< $(BUILD)/libhashbench.a -ldl -o $@

# dudect-style timing test of hb_ct_equal (a benchmark, not in `make test`)
CT_SAMPLES ?= 1000000
CT_TAGLEN ?= 32
$(BUILD)/ct-dudect: bench/ct_dudect.c targets/host/hal.c $(BUILD)/libhashbench.a targets/host/hal_host.h
	$(CC) $(HB_CFLAGS) -Itargets/host bench/ct_dudect.c targets/host/hal.c $(BUILD)/libhashbench.a -lm -o $@
ct-dudect: $(BUILD)/ct-dudect
	$(BUILD)/ct-dudect $(CT_SAMPLES) $(CT_TAGLEN)

# exit 0 if this CPU (and OS) has the x86 features given ("sha,sse4.1");
# without arguments, print what it has
$(BUILD)/hb-cpu: tools/hb_cpu.c src/common/hb_dispatch.h
	@mkdir -p $(dir $@)
	$(CC) $(HB_CFLAGS) $< -o $@

# one KAT build per implementation the host library does not link: the
# rules come from the implementation registry (tools/impls.py)
$(BUILD)/impls.mk: tools/impls.py python/hashbench/impls.py $(wildcard src/algos/*/impls.toml) \
                   $(wildcard src/algos/*/*/*.c src/algos/*/*/*.h)
	@mkdir -p $(dir $@)
	$(PYTHON) tools/impls.py mk > $@
-include $(BUILD)/impls.mk

# BLAKE3's wide path as a 32-bit target builds it (two chunks per hash_many
# call, src/algos/blake3/blake3.h), KAT-checked on the host
B3_MANY2_OBJ := $(filter-out $(BUILD)/obj/src/algos/blake3/blake3.o,$(LIB_OBJ))
$(BUILD)/test_kat_blake3_many2: tests/c/test_kat.c src/algos/blake3/blake3.c $(B3_MANY2_OBJ) $(LIB_HDR)
	$(CC) $(HB_CFLAGS) -DHB_BLAKE3_MANY=2 tests/c/test_kat.c src/algos/blake3/blake3.c $(B3_MANY2_OBJ) -o $@

# ECHO's compression at counters near a carry: the host form against the
# unrolled form, compiled in with its exported names renamed
ECHO_REF_NAMES := compress 224_init 256_init 384_init 512_init update final
$(BUILD)/test_echo_counter: tests/c/test_echo_counter.c src/algos/echo/unrolled/echo.c $(BUILD)/libhashbench.a $(LIB_HDR)
	$(CC) $(HB_CFLAGS) $(foreach n,$(ECHO_REF_NAMES),-Dhb_echo_$(n)=ref_echo_$(n)) \
	    -c src/algos/echo/unrolled/echo.c -o $(BUILD)/echo_ref.o
	$(CC) $(HB_CFLAGS) tests/c/test_echo_counter.c $(BUILD)/echo_ref.o $(BUILD)/libhashbench.a -o $@

# C tests: plain -O2 build, then the same tests under ASan + UBSan
test-c: $(BUILD)/test_kat $(BUILD)/test_props $(BUILD)/san_test_kat $(BUILD)/san_test_props $(IMPL_KAT_RUNS) \
        $(BUILD)/test_ct $(BUILD)/test_kat_blake3_many2 $(BUILD)/test_echo_counter
	$(BUILD)/test_kat tests/vectors
	$(BUILD)/test_echo_counter
	$(BUILD)/test_kat_blake3_many2 tests/vectors blake3
	$(BUILD)/test_props
	$(BUILD)/san_test_props
	$(BUILD)/san_test_kat tests/vectors
	@command -v $(VALGRIND) >/dev/null 2>&1 || { echo "hashbench: no valgrind (apt-get install valgrind)" >&2; exit 2; }
	$(VALGRIND) -q $(BUILD)/test_ct

# ---- coverage-guided fuzzing: libFuzzer under ASan + UBSan (clang) --------
# The library is LIB_SRC compiled again with coverage instrumentation; the
# targets (tests/fuzz/) link it with OpenSSL's libcrypto, their reference.
# Seed corpora come from the KAT messages (tests/fuzz/make_corpus.py); what
# a run finds lands in $(BUILD)/fuzz/found/<target>, crashes in $(BUILD)/fuzz/.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 30
FUZZ_TARGETS := stream openssl mac can impls
FUZZ_SAN := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJ := $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o)
FUZZ_BIN := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)
FUZZ_OPTS ?= -max_len=4096 -timeout=20 -print_final_stats=1

fuzz-toolchain:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 && echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return !d + n; }' \
	  | $(FUZZ_CC) -x c -fsanitize=fuzzer -o /dev/null - 2>/dev/null \
	  || { echo "hashbench: make fuzz needs clang with libFuzzer and libcrypto: scripts/install-toolchains.sh fuzz" >&2; exit 2; }

$(BUILD)/fuzz/obj/%.o: %.c $(LIB_HDR) | fuzz-toolchain
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Iinclude $(IMPL_INC) -c $< -o $@

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_OBJ)
	$(FUZZ_CC) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer -Iinclude $< $(FUZZ_OBJ) -lcrypto -o $@

# the CAN code with its tag compare renamed, so that the target can count
# the compares and check they go through hb_ct_equal (tests/fuzz/fuzz_can.c)
$(BUILD)/fuzz/can_auth.o: bench/can/can_auth.c bench/can/can_auth.h $(LIB_HDR) | fuzz-toolchain
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Iinclude -Dhb_ct_equal=fz_ct_equal -c $< -o $@

$(BUILD)/fuzz/fuzz_can: tests/fuzz/fuzz_can.c tests/fuzz/fuzz.h $(BUILD)/fuzz/can_auth.o $(FUZZ_OBJ)
	$(FUZZ_CC) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer -Iinclude -Ibench/can $< $(BUILD)/fuzz/can_auth.o $(FUZZ_OBJ) -o $@

# fuzz_impls: one instrumented shared library per selection of forms, the
# rules from the implementation registry (tools/impls.py fuzz-mk)
$(BUILD)/fuzz/impls.mk: tools/impls.py python/hashbench/impls.py $(wildcard src/algos/*/impls.toml) \
                        $(wildcard src/algos/*/*/*.c src/algos/*/*/*.h)
	@mkdir -p $(dir $@)
	$(PYTHON) tools/impls.py fuzz-mk > $@
-include $(BUILD)/fuzz/impls.mk

$(BUILD)/fuzz/fuzz_impls: tests/fuzz/fuzz_impls.c tests/fuzz/fuzz.h $(FUZZ_IMPL_H) $(FUZZ_IMPL_SOS)
	$(FUZZ_CC) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer -Iinclude -I$(dir $(FUZZ_IMPL_H)) $< -ldl -o $@

$(BUILD)/fuzz/corpus/.stamp: tests/fuzz/make_corpus.py $(wildcard tests/vectors/*) python/hashbench/can/profiles.py \
                             python/hashbench/impls.py $(VENV)/.native
	$(VENV)/bin/python tests/fuzz/make_corpus.py $(BUILD)/fuzz/corpus
	@touch $@

# one target after the other, each for FUZZ_SECONDS (the fuzzer stops at
# the first failure and leaves the input as $(BUILD)/fuzz/<kind>-<sha1>)
fuzz: $(FUZZ_BIN) $(BUILD)/fuzz/corpus/.stamp
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(BUILD)/fuzz/found/$$t; \
	  echo "== fuzz_$$t: $(FUZZ_SECONDS) s"; \
	  $(BUILD)/fuzz/fuzz_$$t $(FUZZ_OPTS) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(BUILD)/fuzz/ \
	    $(BUILD)/fuzz/found/$$t $(BUILD)/fuzz/corpus/$$t 2>$(BUILD)/fuzz/fuzz_$$t.log \
	    || { tail -40 $(BUILD)/fuzz/fuzz_$$t.log; exit 1; }; \
	  grep -E '^(stat::number_of_executed_units|stat::peak_rss|#[0-9]+[[:space:]]+DONE)' $(BUILD)/fuzz/fuzz_$$t.log; \
	done

# the short run of every target that `make test` includes
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)

$(VENV)/.stamp: pyproject.toml setup.py | check-toolchain
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip 'setuptools>=64' wheel
	$(VENV)/bin/pip install --quiet --no-build-isolation -e '.[test]'
	@touch $@

# the binding's copy of the C library, rebuilt whenever a C file changes
# (IMPL_SRC: the forms a dispatch #includes are not in LIB_SRC); not when
# the install that made $(VENV)/.stamp has just built it from these sources
# (pip builds the extension from scratch each time: minutes on 2 cores)
NATIVE_SRC := $(LIB_SRC) $(LIB_HDR) $(IMPL_SRC) $(wildcard src/algos/*/impls.toml) python/hashbench/_native_module.c
$(VENV)/.native: $(NATIVE_SRC) $(VENV)/.stamp
	@so=$$(ls python/hashbench/_native*.so 2>/dev/null | head -1); \
	if [ -z "$$so" ] || [ -n "$$(find $(NATIVE_SRC) -newer $$so -print -quit)" ]; then \
	  echo "$(VENV)/bin/pip install --quiet --no-deps --no-build-isolation -e ."; \
	  $(VENV)/bin/pip install --quiet --no-deps --no-build-isolation -e . >/dev/null; \
	fi
	@touch $@

# the package's bytecode, which a pip install writes but an editable one
# leaves to the first import: where PYTHONDONTWRITEBYTECODE is set (as on
# the project's machines) that import never writes it, and every start of
# the CLI compiled cli.py and the rest again, about 0.02 s of CPU, a third
# of `hashbench hash`'s start-up.  A .py edited later is compiled in memory
# (Python checks each .pyc's source mtime), so a stale file costs time only.
PY_SRC := $(shell find python/hashbench -name '*.py')
$(VENV)/.pyc: $(PY_SRC) $(VENV)/.stamp
	$(VENV)/bin/python -m compileall -q python/hashbench
	@touch $@

setup: $(VENV)/.native $(VENV)/.pyc $(BUILD)/hb-bench

test-py: setup
	$(VENV)/bin/python -m pytest -q tests/python

# The extension (the library and its CPython entry points, _native_module.c)
# under ASan + UBSan, running the API tests: a copy of the package with that
# build, the sanitizer runtimes preloaded into the (uninstrumented)
# interpreter, whose own allocations at exit are not leaks of ours.  Not in
# `make test`: setuptools compiles the whole library again (about 2 CPU-minutes).
PYASAN := $(BUILD)/pyasan
PYASAN_CC = $(shell $(VENV)/bin/python -c "import sysconfig; print(sysconfig.get_config_var('CC').split()[0])")
test-py-asan: $(VENV)/.stamp
	rm -rf $(PYASAN)/pkg && mkdir -p $(PYASAN)/pkg
	CFLAGS="$(SANFLAGS)" LDFLAGS="-fsanitize=address,undefined" $(VENV)/bin/python setup.py -q build_ext \
	    --build-lib $(PYASAN)/lib --build-temp $(PYASAN)/temp >/dev/null
	cp -r python/hashbench $(PYASAN)/pkg/ && rm -f $(PYASAN)/pkg/hashbench/_native*.so
	cp $(PYASAN)/lib/hashbench/_native*.so $(PYASAN)/pkg/hashbench/
	PYTHONPATH=$(PYASAN)/pkg ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	LD_PRELOAD="$$($(PYASAN_CC) -print-file-name=libasan.so) $$($(PYASAN_CC) -print-file-name=libubsan.so)" \
	    $(VENV)/bin/python -m pytest -q -p no:cacheprovider tests/python/test_api_fast.py tests/python/test_api.py

# ruff and mypy, configured in pyproject.toml ([tool.ruff], [tool.mypy])
lint: $(VENV)/.stamp
	$(VENV)/bin/ruff check python/hashbench tests/python
	$(VENV)/bin/mypy

# after setup the four stages share nothing they build, so they run side by
# side on every core (pytest alone is half the time; CI has two cores);
# each stage's output is printed whole when it ends.  test-py is named
# first so that it takes a job slot at once: test-c's many small builds
# would otherwise hold both slots of a 2-core machine and start it last
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test: setup
	$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target test-py lint test-c fuzz-smoke

demo: setup
	$(VENV)/bin/hashbench bench --target host --all --report $(BUILD)/report

clean:
	rm -rf $(BUILD) python/hashbench/_native*.so *.egg-info python/*.egg-info
