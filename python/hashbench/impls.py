"""Implementations: the registry of kernel variants and what a build links.

A family folder ``src/algos/<family>/`` holds the portable code every
implementation shares (the modes, init/update/final).  A family whose
kernel exists in several forms has an ``impls.toml`` and one sub-folder per
implementation, each defining the same internal functions (XKCP style):

    src/algos/keccak/impls.toml         default = "lanes64"; [lanes64] summary = ...
    src/algos/keccak/lanes64/*.c        the kernel, one form
    src/algos/keccak/compact/*.c        the same functions, another form

An implementation may fix the implementation of another family it uses
(``requires = { aes = "sbox" }``), need x86 CPU features (``cpu =
"sha,sse4.1"``: only a CPU with them may run it), or be a host *dispatch*
(``dispatch = ["shani", "unrolled"]``: the folder links those forms and
picks the fastest the CPU runs at run time, src/common/hb_dispatch.h).
``default`` is the form every build links unless a target chooses; ``host``
(if given) the one the host library and the Python binding link.  A *selection* maps every family that has
implementations to one of them; a build links the shared sources plus the
selected folders.  An algorithm's implementations are those of the family
that decides its speed: its own family if that has several, else the one
family with several that it uses (SHA3-256 and K12 -> Keccak-p[1600]).

This module only reads files (standard library only): the Makefile calls it
through tools/impls.py, the firmware pipeline and the CLI import it.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
ALGOS = SRC / "algos"
#: the implementation name of a family (or algorithm) with a single form
SINGLE = "ref"


@dataclass(frozen=True)
class Impl:
    family: str
    name: str
    summary: str
    requires: tuple[tuple[str, str], ...] = ()
    #: x86 features the implementation needs ("" = any CPU)
    cpu: str = ""
    #: the forms a host dispatch chooses among, fastest first (empty: not a dispatch)
    dispatch: tuple[str, ...] = ()
    #: the algorithms a kernel speeds up (empty: all of the family's); the
    #: others run the family's default form inside it
    only: tuple[str, ...] = ()

    @property
    def folder(self) -> Path:
        return ALGOS / self.family / self.name


@dataclass
class Family:
    name: str
    default: str
    impls: dict[str, Impl] = field(default_factory=dict)
    #: the form host builds link (the default unless impls.toml says `host`)
    host: str = ""


class ImplError(ValueError):
    """An unknown implementation name or an inconsistent impls.toml."""


@lru_cache(maxsize=1)
def families() -> dict[str, Family]:
    """Every family with more than one implementation, from its impls.toml."""
    out: dict[str, Family] = {}
    for f in sorted(ALGOS.glob("*/impls.toml")):
        fam = f.parent.name
        d = tomllib.loads(f.read_text())
        default = d.get("default")
        impls = {}
        for k, v in d.items():
            if not isinstance(v, dict):
                continue
            if not (f.parent / k).is_dir():
                raise ImplError(f"{f}: implementation {k!r} has no folder {f.parent / k}")
            req = tuple(sorted(v.get("requires", {}).items()))
            impls[k] = Impl(fam, k, v.get("summary", ""), req, v.get("cpu", ""), tuple(v.get("dispatch", ())),
                            tuple(v.get("only", ())))
        if default not in impls:
            raise ImplError(f"{f}: default {default!r} is not one of {', '.join(impls)}")
        host = d.get("host", default)
        if host not in impls:
            raise ImplError(f"{f}: host {host!r} is not one of {', '.join(impls)}")
        for im in impls.values():
            if any(m not in impls or impls[m].dispatch for m in im.dispatch):
                raise ImplError(f"{f}: {im.name} dispatches to an unknown form: {im.dispatch}")
        out[fam] = Family(fam, default, impls, host)
    for fy in out.values():
        for im in fy.impls.values():
            for rf, ri in im.requires:
                if rf not in out or ri not in out[rf].impls:
                    raise ImplError(f"{fy.name}/{im.name} requires unknown {rf}/{ri}")
    return out


def default_selection() -> dict[str, str]:
    return {f.name: f.default for f in families().values()}


def host_selection() -> dict[str, str]:
    """What the host library and the Python binding link: each family's
    `host` form (a run-time dispatch where there is one)."""
    return {f.name: f.host for f in families().values()}


def dispatch_members(fam: str) -> tuple[str, ...]:
    """The forms the host build of a family can run (fastest first)."""
    f = families()[fam]
    return f.impls[f.host].dispatch or (f.host,)


def select(overrides: dict[str, str] | None = None) -> dict[str, str]:
    """The default selection with `overrides` (family -> impl) and what they require."""
    overrides = overrides or {}
    sel = default_selection()
    fams = families()
    for fam, name in overrides.items():
        if fam not in fams or name not in fams[fam].impls:
            known = ", ".join(f"{f}/{i}" for f in fams for i in fams[f].impls)
            raise ImplError(f"unknown implementation {fam}/{name}; known: {known}")
        sel[fam] = name
    for fam, name in overrides.items():
        for rf, ri in fams[fam].impls[name].requires:
            if rf in overrides and overrides[rf] != ri:
                raise ImplError(f"{fam}/{name} requires {rf}/{ri}, not {rf}/{overrides[rf]}")
            sel[rf] = ri
    return sel


def sel_diff(sel: dict[str, str]) -> list[str]:
    """Families where a selection differs from the default."""
    d = default_selection()
    return [f for f, i in sel.items() if d.get(f) != i]


def selection_tag(sel: dict[str, str], fams: set[str] | None = None) -> str:
    """A short stable name of a selection: 'default' or 'keccak-bytes8+aes-sbox'
    (only the families in `fams` when given)."""
    d = default_selection()
    diff = [f"{f}-{i}" for f, i in sorted(sel.items()) if (fams is None or f in fams) and d.get(f) != i]
    return "+".join(diff) or "default"


def algo_tag(name: str, sel: dict[str, str]) -> str:
    """selection_tag() of the families an algorithm links: 'default', or
    e.g. 'keccak-bytes8' for SHA3-256 built with the byte-wise permutation."""
    return selection_tag(sel, set(families_of(name)))


def shared_sources() -> list[Path]:
    """Library sources every build links (modes and family-level files)."""
    return sorted((SRC / "modes").glob("*.c")) + sorted(ALGOS.glob("*/*.c"))


def lib_sources(sel: dict[str, str] | None = None) -> list[Path]:
    """Every library source of one selection (without src/registry.c)."""
    sel = sel or default_selection()
    out = shared_sources()
    for fam in families():
        out += sorted((ALGOS / fam / sel[fam]).glob("*.c"))
    return out


def include_dirs(sel: dict[str, str] | None = None) -> list[Path]:
    """Implementation folders a build of `sel` puts on the include path:
    those holding a header.  A kernel made of macros is such a header,
    included by name from the family level (aes_round.h includes
    "aes_col.h": ttables/, table1/ or sbox/), so that the family's users
    expand the selected form inline."""
    sel = sel or default_selection()
    return [ALGOS / f / sel[f] for f in families() if any((ALGOS / f / sel[f]).glob("*.h"))]


def include_tag(sel: dict[str, str]) -> str:
    """selection_tag() of the families whose folders go on the include path:
    objects compiled for one such tag are not valid for another."""
    fams = {p.parent.name for p in include_dirs(sel)} | {p.parent.name for p in include_dirs(default_selection())}
    return selection_tag(sel, fams)


def headers() -> list[Path]:
    return sorted((ROOT / "include").glob("*.h")) + sorted(SRC.rglob("*.h")) + sorted(SRC.glob("*.def"))


# ---- which sources an algorithm needs -------------------------------------

_DEF = re.compile(r"^(?!static|extern|HB_INLINE)[A-Za-z_][\w \*]*?\b(hb_\w+)\s*(?:\(|=|\[)", re.M)
_USE = re.compile(r"\b(hb_\w+)\b")
_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# prototypes and extern declarations: a header naming a function is no use of it
_DECL = re.compile(r"(?:extern\s+)?[A-Za-z_][\w \t\*]*?\bhb_\w+\s*(?:\([^;{}]*\)|\[[^\];]*\])\s*"
                   r"(?:HB_REENTRANT)?\s*;")


def _included(src: Path, inc: tuple[Path, ...] = ()) -> list[Path]:
    """A source and the project headers it includes, transitively: "x.h"
    from the including file's folder, else from the include path `inc`."""
    seen: list[Path] = []
    todo = [src]
    while todo:
        f = todo.pop()
        if f in seen or not f.exists():
            continue
        seen.append(f)
        text = _COMMENT.sub(" ", f.read_text(errors="replace"))
        for h in _INCLUDE.findall(text):
            for d in (f.parent, *inc):
                p = (d / h).resolve()
                if p.exists():
                    if p.is_relative_to(SRC):
                        todo.append(p)
                    break
    return seen


def _uses(src: Path, sel: dict[str, str] | None = None) -> set[str]:
    """hb_* names a source uses: its own text and the bodies (macros, inline
    functions) of the project headers it includes, transitively -- echo.c
    reaches hb_aes_sbox only through aes_round.h's macros."""
    names: set[str] = set()
    for f in _included(src, tuple(include_dirs(sel))):
        text = _COMMENT.sub(" ", f.read_text(errors="replace"))
        if f != src:
            text = _DECL.sub(" ", text)
        names.update(_USE.findall(text))
    return names


def _index(sel: dict[str, str]) -> dict[str, Path]:
    """hb_* function or object name -> the library source defining it (non-static)."""
    return _index_cached(tuple(sorted(sel.items())))


@cache
def _index_cached(sel_items: tuple[tuple[str, str], ...]) -> dict[str, Path]:
    sel = dict(sel_items)
    idx: dict[str, Path] = {}
    srcs = lib_sources(sel)
    for s in srcs:
        for m in _DEF.finditer(s.read_text()):
            idx.setdefault(m.group(1), s)
    # then what a source defines through the project headers it includes
    # (an implementation's source includes the family's shared code:
    # groestl/<impl>/groestl.c -> groestl_md.h), prototypes left out
    inc = tuple(include_dirs(sel))
    for s in srcs:
        for f in _included(s, inc)[1:]:
            for m in _DEF.finditer(_DECL.sub(" ", _COMMENT.sub(" ", f.read_text(errors="replace")))):
                idx.setdefault(m.group(1), s)
    return idx


def family_of(src: Path) -> str | None:
    """The family a library source belongs to (None for src/modes)."""
    try:
        rel = src.resolve().relative_to(ALGOS)
    except ValueError:
        return None
    return rel.parts[0]


def needed_sources(defs: str, sel: dict[str, str] | None = None) -> list[Path]:
    """Library sources reachable from the functions named in algos.def
    line(s): the files defining what they use, transitively, and every source
    of a family touched (names built by token pasting are not greppable)."""
    sel = sel or default_selection()
    idx = _index(sel)
    todo = [n for n in _USE.findall(defs) if n in idx]
    if "HB_HMAC(" in defs:
        todo.append("hb_hmac_setup")
    seen: set[Path] = set()
    while todo:
        n = todo.pop()
        src = idx.get(n)
        if src is None or src in seen:
            continue
        pasted = re.search(r"\bhb_\w*##", src.read_text()) is not None
        fam = family_of(src)
        group = [s for s in lib_sources(sel) if family_of(s) == fam] if pasted and fam else [src]
        for f in group:
            if f not in seen:
                seen.add(f)
                todo += [u for u in _uses(f, sel) if u in idx and idx[u] not in seen]
    return sorted(seen)


@cache
def _def_lines() -> tuple[str, ...]:
    return tuple(ln for ln in (SRC / "algos.def").read_text().splitlines()
                 if ln.startswith("HB_ALGO(") or ln.startswith("HB_HMAC("))


@cache
def _def_includes() -> tuple[str, ...]:
    """The family headers algos.def includes, as paths below src/ (an image's
    .def lives elsewhere and finds them through -I src)."""
    return tuple(ln for ln in (SRC / "algos.def").read_text().splitlines() if ln.startswith("#include"))


def def_lines(name: str) -> str:
    """The algos.def line(s) an image of `name` needs (an HMAC entry needs
    its hash's line too), after every family header (declarations only)."""
    lines = _def_lines()
    mine = [ln for ln in lines if re.match(rf"HB_ALGO\({name},", ln)]
    if not mine and name.startswith("hmac_"):
        h = name[5:]
        mine = [ln for ln in lines if re.match(rf"HB_ALGO\({h},", ln)] + \
               [ln for ln in lines if re.match(rf"HB_HMAC\({h},", ln)]
    if not mine:
        raise ImplError(f"{name} is not in src/algos.def")
    return "\n".join([*_def_includes(), *mine]) + "\n"


def algorithm_names() -> list[str]:
    """Every registry name, from algos.def (no native library needed)."""
    out = []
    for ln in _def_lines():
        m = re.match(r"HB_(ALGO|HMAC)\((\w+),", ln)
        if m:
            out.append(m.group(2) if m.group(1) == "ALGO" else "hmac_" + m.group(2))
    return out


@cache
def families_of(name: str) -> tuple[str, ...]:
    """Families whose sources an algorithm links, its own first."""
    srcs = needed_sources(def_lines(name))
    own = _own_family(name)
    fams = sorted({f for f in map(family_of, srcs) if f})
    return tuple(([own] if own in fams else []) + [f for f in fams if f != own])


def _own_family(name: str) -> str | None:
    own = [ln for ln in def_lines(name).splitlines() if ln.startswith("HB_")]
    line = own[-1] if name.startswith("hmac_") else own[0]
    m = re.match(r"HB_\w+\(\w+,(?:[^,]*,){3}\s*(\w+)", line)  # the init function
    if name.startswith("hmac_"):
        return None
    idx = _index(default_selection())
    return family_of(idx[m.group(1)]) if m and m.group(1) in idx else None


def _varies(fam: Family, name: str) -> bool:
    """Whether some form of `fam` other than its default changes how `name`
    runs: a family whose every kernel is `only` for other algorithms (k12's
    leaf kernels, which TurboSHAKE in the same folder never calls) does not
    decide its speed."""
    return any(not im.only or name in im.only
               for im in fam.impls.values() if im.name != fam.default and not im.dispatch)


def deciding_family(name: str) -> str | None:
    """The family whose implementations are the algorithm's (None: one form)."""
    fams = families()
    varying = [f for f in families_of(name) if f in fams and _varies(fams[f], name)]
    if not varying:
        return None
    own = _own_family(name)
    return own if own in varying else varying[0]


def implementations(name: str) -> list[str]:
    """Names of an algorithm's implementations, the default first."""
    fam = deciding_family(name)
    if fam is None:
        return [SINGLE]
    f = families()[fam]
    return [f.default] + [i for i in f.impls if i != f.default]


def selection_for(name: str, impl: str | None, base: dict[str, str] | None = None) -> dict[str, str]:
    """The selection that builds `name` as implementation `impl` (None: the
    base selection's), other families as in `base` (a target's choice)."""
    sel = dict(base or default_selection())
    fam = deciding_family(name)
    if impl in (None, SINGLE) and fam is None:
        return sel
    if fam is None:
        raise ImplError(f"{name} has one implementation ({SINGLE}), not {impl!r}")
    if impl is None:
        impl = sel[fam]
    if impl not in families()[fam].impls:
        raise ImplError(f"{name}: unknown implementation {impl!r}; known: {', '.join(implementations(name))}")
    over = {fam: impl}
    for rf, ri in families()[fam].impls[impl].requires:
        over[rf] = ri
    sel.update(over)
    return sel


def impl_name(name: str, sel: dict[str, str]) -> str:
    fam = deciding_family(name)
    return SINGLE if fam is None else sel[fam]


def describe(name: str, impl: str) -> str:
    fam = deciding_family(name)
    if fam is None:
        return "the one portable form"
    return families()[fam].impls[impl].summary


# ---- make fragment (tools/impls.py mk) -------------------------------------

def make_fragment(build: str = "build") -> str:
    """Rules that build test_kat once per implementation the host library
    does not link, so `make test-c` KAT-checks every implementation of every
    family.  One that needs CPU features runs only where build/hb-cpu says
    the CPU has them, and says so when it is skipped.  A selection with
    another include path (a header-level kernel, such as aes/<impl>/aes_col.h)
    compiles the sources that reach those headers into objects of its own,
    with HB_NOINC_CFLAGS (the Makefile's flags without the host selection's
    include path) and its own."""
    lines = ["# generated by tools/impls.py from src/algos/*/impls.toml: do not edit", "IMPL_KAT_TESTS :="]

    def rel(p: Path) -> str:
        return str(p.relative_to(ROOT))

    host = host_selection()
    default_inc = include_dirs(host)
    seen: set[str] = set()
    for fam in families().values():
        for im in fam.impls.values():
            if im.name == host[fam.name]:
                continue
            sel = select({fam.name: im.name})
            tag = selection_tag(sel)
            if tag in seen:
                continue
            seen.add(tag)
            inc = include_dirs(sel)
            moved = [d for d in inc if d not in default_inc]
            srcs = [SRC / "registry.c", *lib_sources(sel)]
            objs = []
            for s in srcs:
                own = moved and any(h.parent in moved for h in _included(s, tuple(inc)))
                objs.append(f"$(BUILD)/{f'impl/{tag}/obj' if own else 'obj'}/{rel(s)[:-2]}.o")
            exe = f"$(BUILD)/impl/{tag}/test_kat"
            differ = set(sel_diff(sel)) or {f for f, h in host.items() if h != sel[f]}
            users = [n for n in algorithm_names() if set(families_of(n)) & differ]
            cpu = ",".join(sorted({c for f in sel for c in families()[f].impls[sel[f]].cpu.split(",") if c}))
            lines.append(f"IMPL_KAT_TESTS += {exe}")
            lines.append(f"IMPL_KAT_RUNS += kat-{tag}")
            if moved:
                lines.append(f"$(BUILD)/impl/{tag}/obj/%.o: %.c $(LIB_HDR)")
                lines.append("\t@mkdir -p $(dir $@)")
                lines.append(f"\t$(CC) $(HB_NOINC_CFLAGS) {' '.join('-I' + rel(d) for d in inc)} -fPIC -c $< -o $@")
            lines.append(f"{exe}: tests/c/test_kat.c {' '.join(objs)}")
            lines.append("\t@mkdir -p $(dir $@)")
            lines.append("\t$(CC) $(HB_CFLAGS) $^ -o $@")
            lines.append(f".PHONY: kat-{tag}")
            log = f"$(BUILD)/impl/{tag}/kat.log"
            run = f"{exe} tests/vectors {' '.join(users)} > {log} || {{ cat {log}; exit 1; }}; tail -1 {log}"
            if cpu:
                # built everywhere (it must compile), run where the CPU can
                # built and run only where the CPU can (elsewhere it may not link)
                lines.append(f"kat-{tag}: $(BUILD)/hb-cpu")
                lines.append(f"\t@if $(BUILD)/hb-cpu {cpu}; then $(MAKE) --no-print-directory {exe} && "
                             f"echo '{tag}: {len(users)} algorithms (CPU has {cpu})' && {run}; "
                             f"else echo '{tag}: SKIPPED, this CPU lacks {cpu}'; fi")
            else:
                lines.append(f"kat-{tag}: {exe}")
                lines.append(f"\t@echo '{tag}: {len(users)} algorithms'")
                lines.append(f"\t@{run}")
    return "\n".join(lines) + "\n"


def differential_selections() -> list[dict[str, str]]:
    """Selections that between them link every form of every family, for a
    differential of whole libraries (tests/fuzz/fuzz_impls.c): the host's
    first (its dispatch runs the CPU-specific forms this CPU has, so those
    are left to it), then, while a form is not linked yet, one selection
    taking a form not yet linked from each family that has one left, as
    far as the `requires` of the forms taken allow."""
    fams = families()
    host = host_selection()
    left = {f: [i.name for i in fam.impls.values() if not i.dispatch and not i.cpu and i.name != host[f]]
            for f, fam in fams.items()}
    out = [host]
    while any(left.values()):
        over: dict[str, str] = {}
        for f in fams:
            for name in left[f]:
                try:
                    select({**over, f: name})
                except ImplError:
                    continue
                over[f] = name
                break
        sel = select(over)
        left = {f: [i for i in names if sel[f] != i] for f, names in left.items()}
        out.append(sel)
    return out


def differential_fragment(build: str = "$(BUILD)/fuzz") -> str:
    """Make rules of fuzz_impls: one position-independent, instrumented
    library per differential_selections() entry ($(FUZZ_IMPL_SOS)), objects
    shared between them except where a selection's header-level kernel
    reaches the source, and $(FUZZ_IMPL_H), the list of libraries and of
    the algorithms that link a family with several forms."""
    def rel(p: Path) -> str:
        return str(p.relative_to(ROOT))

    host = host_selection()
    host_inc = include_dirs(host)
    # no comparison tracing in the libraries: it would trace every loop test
    # of every round (70% of the time of a run) while no comparison there
    # depends on the input in a way the fuzzer could steer; edge coverage stays
    flags = ("$(FUZZ_CC) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -fno-sanitize-coverage=trace-cmp"
             " -fPIC -Iinclude")
    lines = ["# generated by tools/impls.py fuzz-mk from src/algos/*/impls.toml: do not edit",
             f"{build}/pic/host/%.o: %.c $(LIB_HDR) | fuzz-toolchain", "\t@mkdir -p $(dir $@)",
             f"\t{flags} $(IMPL_INC) -c $< -o $@"]
    sos = []
    for k, sel in enumerate(differential_selections()):
        inc = include_dirs(sel)
        moved = [d for d in inc if d not in host_inc]
        objs = []
        for s in [SRC / "registry.c", *lib_sources(sel)]:
            own = moved and any(h.parent in moved for h in _included(s, tuple(inc)))
            objs.append(f"{build}/pic/{f'sel{k}' if own else 'host'}/{rel(s)[:-2]}.o")
        if moved:
            lines += [f"{build}/pic/sel{k}/%.o: %.c $(LIB_HDR) | fuzz-toolchain", "\t@mkdir -p $(dir $@)",
                      f"\t{flags} {' '.join('-I' + rel(d) for d in inc)} -c $< -o $@"]
        so = f"{build}/impls/{k}.so"
        # -Bsymbolic: each library's calls stay inside it, whatever else is loaded
        lines += [f"{so}: {' '.join(objs)}", "\t@mkdir -p $(dir $@)",
                  "\t$(FUZZ_CC) $(FUZZ_SAN) -shared -Wl,-Bsymbolic $^ -o $@"]
        sos.append(so)
    lines.append(f"FUZZ_IMPL_SOS := {' '.join(sos)}")
    lines.append(f"FUZZ_IMPL_H := {build}/impls/impls.h")
    lines.append(f"{build}/impls/impls.h: tools/impls.py python/hashbench/impls.py $(wildcard src/algos/*/impls.toml)")
    lines.append("\t@mkdir -p $(dir $@)")
    lines.append("\t$(PYTHON) tools/impls.py fuzz-h > $@")
    return "\n".join(lines) + "\n"


def differential_algorithms() -> list[str]:
    """The algorithms that link a family with several forms: the others are
    the same code in every library."""
    return [n for n in algorithm_names() if families_of(n)]


def differential_header() -> str:
    """fuzz_impls.c's list: library k is impls/<k>.so beside the binary."""
    tags = ["host"] + [selection_tag(s) for s in differential_selections()[1:]]
    names = differential_algorithms()

    def q(xs: list[str]) -> str:
        return ", ".join(f'"{x}"' for x in xs)

    return ("/* generated by tools/impls.py fuzz-h: do not edit */\n"
            f"#define FZ_IMPL_TAGS {q(tags)}\n#define FZ_IMPL_ALGOS {q(names)}\n")
