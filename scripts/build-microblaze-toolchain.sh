#!/usr/bin/env bash
# Build a MicroBlaze cross compiler (binutils 2.40, gcc 12.2 C only,
# newlib 3.3.0) from Debian's own source packages, because no Debian, PyPI
# or npm package ships one.
#
#   scripts/build-microblaze-toolchain.sh [microblaze-elf|microblazeel-elf]
#
# Installs into ${HASHBENCH_CACHE:-~/.cache/hashbench}/toolchains/<triplet>
# and does nothing when that directory already holds a working compiler
# (a stamp file is written only after every step succeeded).  Each step
# (binutils, gcc, libgcc, newlib) leaves its own stamp, so a build that
# failed half way resumes at the step that failed.
# Needs: binutils-source gcc-12-source newlib-source libgmp-dev libmpfr-dev
# libmpc-dev texinfo flex bison (scripts/install-toolchains.sh microblaze).
# JOBS (default 2) sets make -j.
set -euo pipefail
TRIPLET=${1:-microblaze-elf}
case "$TRIPLET" in
  microblaze-elf|microblazeel-elf) ;;
  *) echo "unknown triplet $TRIPLET (microblaze-elf or microblazeel-elf)" >&2; exit 2 ;;
esac
CACHE=${HASHBENCH_CACHE:-$HOME/.cache/hashbench}
PREFIX=$CACHE/toolchains/$TRIPLET
STAMP=$PREFIX/.hashbench-complete
JOBS=${JOBS:-2}
if [ -f "$STAMP" ] && [ -x "$PREFIX/bin/$TRIPLET-gcc" ]; then
  echo "microblaze: $TRIPLET already built in $PREFIX ($(cat "$STAMP"))"
  exit 0
fi
for f in /usr/src/binutils/binutils-2.40.tar.xz /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz \
         /usr/src/gcc-12/debian/patches/gcc-gfdl-build.diff /usr/src/newlib/newlib-3.3.0.tar.xz; do
  [ -f "$f" ] || { echo "microblaze: missing $f; run: scripts/install-toolchains.sh microblaze" >&2; exit 1; }
done
for t in makeinfo flex bison cc make; do
  command -v $t >/dev/null || { echo "microblaze: missing $t; run: scripts/install-toolchains.sh microblaze" >&2; exit 1; }
done

T0=$(date +%s)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/hb-microblaze.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
LOG=$WORK/log
step() { echo "microblaze: [$(( $(date +%s) - T0 ))s] $*"; }
run() {  # run a build step quietly; on failure show the end of its log
  if ! "$@" >"$LOG" 2>&1; then
    echo "microblaze: failed: $*" >&2; tail -40 "$LOG" >&2; exit 1
  fi
}
# gcc's own objects at -O0 -g0 build several times faster; only the
# compiler's speed suffers, not the code it generates
export CFLAGS="-O0 -g0" CXXFLAGS="-O0 -g0"
export PATH=$PREFIX/bin:$PATH
mkdir -p "$PREFIX"
done_step() { [ -f "$PREFIX/.step-$1" ]; }
S0=$T0
mark() {  # a finished step: its stamp holds its duration in seconds
  echo $(( $(date +%s) - S0 )) >"$PREFIX/.step-$1"
  S0=$(date +%s)
}
unpack() {  # unpack a source tarball; prints the directory it made
  local top
  top=$(tar -tf "$1" | head -1 | cut -d/ -f1)
  tar -C "$WORK" -xf "$1"
  echo "$WORK/$top"
}

if done_step binutils; then
  step "binutils: already built"
else
  step "binutils 2.40 (configure + make -j$JOBS)"
  src=$(unpack /usr/src/binutils/binutils-2.40.tar.xz)
  mkdir "$WORK/b-binutils" && cd "$WORK/b-binutils"
  run "$src/configure" --target="$TRIPLET" --prefix="$PREFIX" --disable-nls --disable-werror \
    --disable-gdb --disable-sim --disable-gprofng --disable-multilib
  run make -j"$JOBS"
  run make install
  mark binutils
fi

if done_step gcc && done_step libgcc; then
  step "gcc, libgcc: already built"
else
  step "gcc 12.2 stage 1, C only"
  src=$(unpack /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz)
  # Debian strips the GFDL manuals from gcc's tarball; this patch makes the
  # build stop wanting them
  (cd "$src" && run patch -p2 -i /usr/src/gcc-12/debian/patches/gcc-gfdl-build.diff)
  mkdir "$WORK/b-gcc" && cd "$WORK/b-gcc"
  run "$src/configure" --target="$TRIPLET" --prefix="$PREFIX" --enable-languages=c \
    --with-newlib --without-headers --disable-shared --disable-threads --disable-libssp \
    --disable-libquadmath --disable-libgomp --disable-libatomic --disable-lto --disable-multilib \
    --disable-nls --disable-bootstrap --with-gnu-as --with-gnu-ld
  run make -j"$JOBS" all-gcc
  run make install-gcc
  mark gcc
  step "libgcc"
  run make -j"$JOBS" all-target-libgcc
  run make install-target-libgcc
  mark libgcc
fi

if done_step newlib; then
  step "newlib: already built"
else
  step "newlib 3.3.0"
  src=$(unpack /usr/src/newlib/newlib-3.3.0.tar.xz)   # Debian's tarball unpacks to newlib-salsa/
  mkdir "$WORK/b-newlib" && cd "$WORK/b-newlib"
  # the C library itself is optimised for the target like any firmware
  run env CFLAGS= CXXFLAGS= CFLAGS_FOR_TARGET="-O2 -g0" "$src/configure" --target="$TRIPLET" \
    --prefix="$PREFIX" --disable-newlib-supplied-syscalls --enable-newlib-reent-small --disable-multilib \
    --disable-nls
  run make -j"$JOBS"
  run make install
  mark newlib
fi

# gcc's MicroBlaze specs link -lxil (Xilinx's board library); hashbench's
# HAL supplies everything it would, so an empty archive satisfies the spec
step "empty libxil.a"
run "$PREFIX/bin/$TRIPLET-ar" rc "$PREFIX/$TRIPLET/lib/libxil.a"

rm -rf "$PREFIX/share/info" "$PREFIX/share/man"
# the duration of every step, those of an earlier interrupted run included
secs=$(cat "$PREFIX"/.step-* | awk '{s += $1} END {print s + 0}')
steps=$(for f in "$PREFIX"/.step-*; do printf '%s %ss, ' "${f##*.step-}" "$(cat "$f")"; done)
rm -f "$PREFIX"/.step-*
echo "gcc $("$PREFIX/bin/$TRIPLET-gcc" -dumpversion), built $(date -u +%Y-%m-%dT%H:%MZ) in $secs s (${steps%, })" >"$STAMP"
step "done: $PREFIX ($(du -sh "$PREFIX" | cut -f1)), $(cat "$STAMP")"
