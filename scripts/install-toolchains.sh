#!/usr/bin/env bash
# Install the Debian packages a group of hashbench targets needs.
#   scripts/install-toolchains.sh GROUP...      apt-get install them
#   scripts/install-toolchains.sh --list GROUP  print the package names
# Groups: base (C build + Python venv), arm, riscv (emulated targets),
#         avr (avr-gcc + libsimavr: the avr target),
#         mcs51 (Intel 8051: SDCC + s51),
#         hdl (hash cores in simulation: iverilog),
#         fuzz (libFuzzer targets: clang + its runtimes, llvm-symbolizer,
#               OpenSSL's libcrypto as the reference; valgrind for the
#               constant-time test),
#         microblaze (QEMU + the source packages a MicroBlaze cross compiler is
#           built from; then builds it into ~/.cache/hashbench/toolchains:
#           scripts/build-microblaze-toolchain.sh, about 15 minutes on 2 cores),
#         mblite (GHDL, mcode and LLVM backends: the MB-Lite RTL check of the
#           MicroBlaze model, hashbench validate-models --target microblaze;
#           MB-Lite itself is fetched by the person validating),
#         browser (Chromium: the report is loaded in a headless browser
#                  by tests/python/test_report.py),
#         peers (libsodium and libb2, loaded by `hashbench peers` beside
#                OpenSSL's libcrypto; tests/python/test_peers_mac.py checks
#                their digests and tags against ours),
#         fpga-native (Debian's yosys and nextpnr-ice40: `hashbench hw ... --tools
#                native`; bookworm has no nextpnr-ecp5: ECP5 P&R needs --tools yowasp),
#         ci (everything the default tests use)
set -euo pipefail
declare -A PKGS=(
  [base]="build-essential python3 python3-venv python3-dev openssl"
  [arm]="gcc-arm-none-eabi libnewlib-arm-none-eabi"
  [riscv]="gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf"
  [softcore]="verilator gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf"
  [avr]="gcc-avr avr-libc binutils-avr simavr libsimavr-dev"
  [mcs51]="sdcc sdcc-ucsim"
  [hdl]="iverilog"
  [fuzz]="clang llvm libclang-rt-dev libssl-dev valgrind"
  [microblaze]="qemu-system-misc binutils-source gcc-12-source newlib-source libgmp-dev libmpfr-dev libmpc-dev texinfo flex bison"
  [mblite]="ghdl ghdl-llvm"
  [browser]="chromium"
  [peers]="libssl3 libsodium23 libb2-1"
  [fpga-native]="yosys nextpnr-ice40"
)
PKGS[ci]="${PKGS[base]} ${PKGS[arm]} ${PKGS[riscv]} ${PKGS[softcore]}"
PKGS[ci]="${PKGS[ci]} ${PKGS[avr]}"
PKGS[ci]="${PKGS[ci]} ${PKGS[mcs51]}"
PKGS[ci]="${PKGS[ci]} ${PKGS[hdl]}"
PKGS[ci]="${PKGS[ci]} ${PKGS[fuzz]}"
PKGS[ci]="${PKGS[ci]} ${PKGS[browser]}"
PKGS[ci]="${PKGS[ci]} ${PKGS[peers]}"
list=0
if [ "${1:-}" = "--list" ]; then list=1; shift; fi
want=""
for g in "$@"; do
  [ -n "${PKGS[$g]+x}" ] || { echo "unknown group $g (known: ${!PKGS[*]})" >&2; exit 2; }
  want="$want ${PKGS[$g]}"
done
if [ $list = 1 ]; then echo $want; exit 0; fi
# shellcheck disable=SC2086
missing=$(dpkg-query -W -f '${Package} ${db:Status-Status}\n' $want 2>/dev/null | awk '$2 == "installed" {print $1}' \
          | sort | comm -13 - <(printf '%s\n' $want | sort -u) | tr '\n' ' ')
if [ -n "${missing// /}" ]; then
  # shellcheck disable=SC2086
  apt-get update -qq && apt-get install -y --no-install-recommends $missing
fi
for g in "$@"; do
  if [ "$g" = microblaze ]; then
    # the cross compiler itself: no package ships one
    bash "$(dirname "$0")/build-microblaze-toolchain.sh" microblaze-elf
  fi
done
