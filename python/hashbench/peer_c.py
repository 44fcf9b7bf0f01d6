"""Side by side with a peer library's portable C, built from a directory the
person running it provides (fetched by them, never part of hashbench).

Host: bench/peer_host.c links our library and the peer's C into one
program.  It first compares the peer's digest with ours at 18 lengths from
0 to 4096 bytes (a peer computing something else is reported, not timed),
then, per run and message size, times batches of ours and of the peer
alternately (15 batches each, about 20 KiB hashed per batch) and keeps the
fastest batch of each (the least disturbed by other jobs on the machine).  The ratio ours/peer of every run is
kept; the answer is the median of those ratios over the runs.  Both sides
see the same buffer, timer (TSC), core and warm state; the peer's sources
are compiled with the flags its build uses (-O2 -fno-strict-aliasing), ours
with ours (-O2).

    hashbench peer-c --peer sphlib --src ~/sphlib-3.0/c -a sha256,luffa_256

Supported peers: sphlib 3.0 (`c/` directory of the distribution, or `src/c`
of a mirror)."""
from __future__ import annotations

import os
import platform
import re
import statistics
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal, TypedDict, Union

ROOT = Path(__file__).resolve().parents[2]

#: peer -> (C sources to compile, flags, the define selecting it in peer_host.c)
PEERS = {
    "sphlib": (["blake", "bmw", "cubehash", "echo", "fugue", "groestl", "hamsi", "jh", "keccak", "luffa",
                "sha2", "sha2big", "shabal", "shavite", "simd", "skein"],
               ["-O2", "-fno-strict-aliasing"], "HB_PEER_SPHLIB"),
}
#: our registry names that sphlib 3.0 has
SPHLIB_ALGOS = (["sha224", "sha256", "sha384", "sha512"]
                + [f"{f}_{b}" for f in ("blake", "bmw", "cubehash", "echo", "fugue", "groestl", "hamsi", "jh",
                                        "keccak", "luffa", "shabal", "shavite3", "simd", "skein512")
                   for b in (224, 256, 384, 512)])


class PeerError(RuntimeError):
    pass


def _run(cmd: list[str]) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise PeerError(f"{' '.join(cmd)}\n{r.stderr.strip()}")


def find_src(src: Path, peer: str) -> Path:
    """The directory holding the peer's C sources (accepts the checkout's root)."""
    first = PEERS[peer][0][0]
    for d in (src, src / "c", src / "src" / "c"):
        if (d / f"{first}.c").exists():
            return d
    raise PeerError(f"no {first}.c under {src} (give the peer's C directory)")


def build_host(peer: str, src: Path, cc: str = "cc", build: Path | None = None) -> Path:
    """Compile the peer and bench/peer_host.c against build/libhashbench.a
    (`make lib` first); returns the program."""
    files, flags, define = PEERS[peer]
    src = find_src(src, peer)
    build = build or ROOT / "build" / "peer" / peer
    build.mkdir(parents=True, exist_ok=True)
    lib = ROOT / "build" / "libhashbench.a"
    _run(["make", "-C", str(ROOT), "-s", "lib"])
    objs = []
    for f in files:
        o = build / f"{f}.o"
        if not o.exists() or o.stat().st_mtime < (src / f"{f}.c").stat().st_mtime:
            _run([cc, *flags, "-c", str(src / f"{f}.c"), "-o", str(o)])
        objs.append(str(o))
    exe = build / "hb-peer-host"
    _run([cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2", f"-I{ROOT / 'include'}",
          f"-I{ROOT / 'targets' / 'host'}", f"-I{src}", f"-D{define}", str(ROOT / "bench" / "peer_host.c"),
          str(ROOT / "targets" / "host" / "hal.c"), *objs, str(lib), "-o", str(exe)])
    return exe


class Check(TypedDict):
    peer: str    # the peer's name for the algorithm, "none" if it has none
    ok: bool     # the peer's digest equals ours at every length checked


class Timing(TypedDict):
    algo: str
    size: int
    run: int
    ours: float   # cycles per message, fastest batch
    peer: float


class Ratio(TypedDict):
    algo: str
    size: int
    runs: int
    ratio: float  # median over runs of ours / peer
    ours_cycles: float
    peer_cycles: float


#: what host() yields, as results come
Item = Union[tuple[Literal["check"], str, Check], tuple[Literal["ratio"], Ratio]]


def parse(lines: Iterable[str]) -> tuple[dict[str, Check], list[Timing]]:
    """(check results by algorithm, timing rows) from the program's output."""
    checks: dict[str, Check] = {}
    rows: list[Timing] = []
    for line in lines:
        kv = dict(re.findall(r"(\w+)=(\S+)", line))
        if line.startswith("check "):
            checks[kv["algo"]] = {"peer": kv["peer"], "ok": kv["ok"] == "1"}
        elif line.startswith("time "):
            rows.append({"algo": kv["algo"], "size": int(kv["size"]), "run": int(kv["run"]),
                         "ours": float(kv["ours"]), "peer": float(kv["peer"])})
    return checks, rows


def summarise(rows: list[Timing]) -> list[Ratio]:
    """Per (algorithm, size): the median over runs of ours/peer, and the
    median over runs of each side's cycles per message."""
    by: dict[tuple[str, int], list[Timing]] = {}
    for r in rows:
        by.setdefault((r["algo"], r["size"]), []).append(r)
    out: list[Ratio] = []
    for (algo, size), rs in by.items():
        out.append({"algo": algo, "size": size, "runs": len(rs),
                    "ratio": statistics.median(r["ours"] / r["peer"] for r in rs if r["peer"] > 0),
                    "ours_cycles": statistics.median(r["ours"] for r in rs),
                    "peer_cycles": statistics.median(r["peer"] for r in rs)})
    return out


def host(peer: str, src: Path, algos: list[str], sizes: list[int], runs: int = 3,
         cc: str = "cc") -> Iterator[Item]:
    """Yield ("check", algo, info) and ("ratio", row) as results come."""
    exe = build_host(peer, src, cc=cc)
    for algo in algos:
        p = subprocess.run([str(exe), "-r", str(runs), "-s", ",".join(map(str, sizes)), algo],
                           capture_output=True, text=True, check=True)
        checks, rows = parse(p.stdout.splitlines())
        for a, info in checks.items():
            yield ("check", a, info)
        for row in summarise(rows):
            yield ("ratio", row)


class Environment(TypedDict):
    compiler: str      # first line of `cc --version`
    cpu: str
    machine: str
    cores: int | None


def environment(cc: str = "cc") -> Environment:
    ver = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout.splitlines()
    cpu = ""
    try:
        cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                    if ln.startswith("model name")), "")
    except OSError:
        pass
    return {"compiler": ver[0] if ver else cc, "cpu": cpu or platform.processor(),
            "machine": platform.machine(), "cores": os.cpu_count()}
