"""Checking the cycle models: the rv32imc model against the cycle-exact
PicoRV32 RTL (same firmware image, same algorithm and sizes), and the ARM
models against published real-board figures."""
from __future__ import annotations

from . import native
from .analysis import htime_fit
from .seeds import load


def against_rtl(algos: list[str], sizes=(0, 64, 576), blocks=4, store=None, run_ids=None):
    """Rows: algo, size/kind, model cycles, RTL cycles, error % (model vs RTL)."""
    from .targets import get
    emu, rtl = get("rv32imc"), get("softcore-rv32")
    out = []
    for name in algos:
        res = {}
        for t in (emu, rtl):
            rows = list(t.run([name], list(sizes), blocks=blocks))
            if store is not None:
                for r in rows:
                    store.add(run_ids[t.name], r)
            res[t.name] = rows
        bad = [r for rs in res.values() for r in rs if r.get("error")]
        if bad:
            out.append({"algo": name, "error": bad[0]["error"]})
            continue
        e = {(r["kind"], r["size"]): r for r in res["rv32imc"]}
        bs = native.find(name).block_size
        for r in res["softcore-rv32"]:
            m = e[(r["kind"], r["size"])]
            out.append({"algo": name, "kind": r["kind"], "size": r["size"], "model": m["median"],
                        "rtl": r["median"], "error_pct": 100.0 * (m["median"] - r["median"]) / r["median"],
                        "instructions_equal": m.get("instructions") == r.get("instructions")})
        fm, fr = htime_fit(res["rv32imc"], bs), htime_fit(res["softcore-rv32"], bs)
        if fm and fr:
            out.append({"algo": name, "kind": "c_block", "size": bs, "model": fm["c_block"], "rtl": fr["c_block"],
                        "error_pct": 100.0 * (fm["c_block"] - fr["c_block"]) / fr["c_block"],
                        "instructions_equal": None})
    return out


def against_boards(store=None, run_ids=None):
    """Rows: target, algo, published cycles/byte, modelled long-message cycles/byte, error %."""
    from .targets import get
    out = []
    for f in load("published_boards")["figures"]:
        if native.find(f["algo"]) is None:
            out.append({**f, "error": "algorithm not in the registry yet"})
            continue
        rows = list(get(f["target"]).run([f["algo"]], [], blocks=8))
        if store is not None:
            for r in rows:
                store.add(run_ids[f["target"]], r)
        if any(r.get("error") for r in rows):
            out.append({**f, "error": rows[0]["error"]})
            continue
        fit = htime_fit(rows, native.find(f["algo"]).block_size)
        cpb = fit["cycles_per_byte"]
        out.append({**f, "model_cpb": cpb, "model": rows[0]["count_kind"],
                    "error_pct": 100.0 * (cpb - f["cycles_per_byte"]) / f["cycles_per_byte"]})
    return out
