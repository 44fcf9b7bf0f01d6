"""Seed 003 from our own cores: Tables 8-10 (throughput, area, throughput/area normalised to
SHA-2), their geometric means over our families, the ranking, Fig. 1, and the 512-from-256
prediction of its Section 5 (Eqs. 6 and 8) applied to our 256-bit results and checked against
our 512-bit ones -- each beside the published values of the closest of its seven families.

Our families are the open flow's: ECP5 and iCE40 (area and Fmax), xc7 and Gowin GW2A (area
only), so Tables 8 and 10 have two columns and Table 9 four.  Areas are LUTs (seed
003 counts slices, LEs or ALUTs); normalising to SHA-2 on the same family is what makes the
units comparable at all."""
from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..seeds import seed003
from . import flow

# Our family -> the seed 003 family whose logic cell is most alike (its LUT size, its
# generation): that column of Tables 8-10 is printed beside ours.
CLOSEST = {"ecp5": "Cyclone III",   # 4-input LUT + carry chain, 65 nm-class low-cost part
           "ice40": "Cyclone II",   # 4-input LUT, the smallest and slowest fabric
           "xc7": "Virtex 5",       # 6-input LUTs, the first Xilinx fabric with them
           "gowin": "Spartan 3"}    # 4-input LUTs in a low-cost fabric with carry and wide muxes
FAMILY_ORDER = ("ecp5", "ice40", "xc7", "gowin")
REF = "SHA-2"
# Table 2 lists Skein-256-256 as the 256-bit Skein; our 256-bit core is Skein-512-256 (the
# designers' primary proposal), so its state and rounds are Skein-512's in both sizes.
OUR_PARAMS = {"Skein": {"256": {"state_bits": 512, "rounds": 72, "block_bits": 512},
                        "512": {"state_bits": 512, "rounds": 72, "block_bits": 512}}}


# Where our cores' cycles per block differ from the paper's (its Table 1, c_block = HTime(N+1) -
# HTime(N)): the version of the candidate or how much of it one clock computes.  Ours are in
# each core's hdl/<core>/NOTES.md.
ARCH_DIFF = {
    "BLAKE": "final BLAKE: 14 rounds (BLAKE-256) and 16 (BLAKE-512); round 2, which the paper "
             "implements, had 10 and 14",
    "JH": "final JH: 42 rounds; round 2 had 35.5 (36 clocks)",
    "Groestl": "P and Q each with a round unit of its own, one round of both per clock; the paper's "
               "take two clocks per round (2 x rounds + 1)",
    "ECHO": "a whole BIG round per clock; the paper's take three clocks per round (3 x rounds + 1)",
    "SHAvite-3": "a whole Feistel round (three AES rounds in series for 256 bits, four for 512) per "
                 "clock; the paper's take one clock per AES round (3 x 12 + 1, 4 x 14 + 1)",
    "BMW": "the expansion one word per clock; the paper's compute the whole compression in one clock",
    "SIMD": "one Feistel step per clock after a message expansion folded to one column of the "
            "transform per clock (8 clocks for SIMD-256, 16 for SIMD-512, and one for the "
            "pipeline register); the paper's take 9 clocks per block",
    "Skein": "Threefish-512 four rounds per clock in both sizes (Skein-512-256 is our 256-bit "
             "Skein, the designers' primary proposal); the paper's do eight rounds per clock, and "
             "its 256-bit Skein is Skein-256-256 (a 256-bit block)",
}


def geomean(vals: Iterable[float | None]) -> float | None:
    v = [x for x in vals if x]
    return math.exp(sum(math.log(x) for x in v) / len(v)) if v else None


@dataclass
class Table:
    title: str
    headers: list[str]
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""


def _f(v: float | None, nd: int = 2) -> str:
    if v is None:
        return "–"
    return f"{v:,.{nd}f}"


def by_candidate(results: list[flow.HwResult]) -> dict[tuple[str, int, str], flow.HwResult]:
    """(candidate, 256|512, family) -> our normalised result (seed 003's candidates only)."""
    from .cli import seed_name
    out: dict[tuple[str, int, str], flow.HwResult] = {}
    for r in flow.normalise(results):
        cand = seed_name(r["algo"])
        if cand is None:
            continue
        size = 256 if r["digest_bits"] <= 256 else 512
        out[(cand, size, r["family"])] = r
    return out


def candidates() -> list[str]:
    return list(seed003.data()["table1"])


def measured_tables(results: list[flow.HwResult], size: int = 512) -> dict[str, Any]:
    """Tables 8, 9, 10 of our `size`-bit cores: per candidate, per family and Overall (the
    geometric mean over our families that have the figure), and the rankings."""
    bc = by_candidate(results)
    fams = [f for f in FAMILY_ORDER if any(k[2] == f for k in bc)]
    out: dict[str, Any] = {"families": fams}
    for key, col in (("table8", "norm_throughput"), ("table9", "norm_area"), ("table10", "norm_thr_area")):
        t: dict[str, dict[str, Any]] = {}
        for a in candidates():
            if a == REF:
                continue
            vals = {f: (bc.get((a, size, f)) or {}).get(col) for f in fams}
            t[a] = {"by_family": vals, "overall": geomean(vals.values())}
        out[key] = t
    for key, rk, rev in (("table8", "rank8", True), ("table9", "rank9", False), ("table10", "rank10", True)):
        have = [a for a in out[key] if out[key][a]["overall"] is not None]
        out[rk] = sorted(have, key=lambda a: out[key][a]["overall"], reverse=rev)
    return out


def prediction(results: list[flow.HwResult]) -> list[dict[str, Any]]:
    """Seed 003 Section 5 on our cores: area(512)/area(256) ~ state-size ratio (Eq. 6),
    thr(512)/thr(256) ~ block-size ratio / round ratio (Eq. 8); the 512-bit figure predicted
    from our 256-bit one, our measured 512-bit figure, and the error, per candidate and family,
    with the paper's own measured ratios (Table 5, Overall) beside."""
    d = seed003.data()
    bc = by_candidate(results)
    out: list[dict[str, Any]] = []
    for a in candidates():
        t2 = d["table2_512_vs_256"][a]
        p = {s: {**t2[s], **OUR_PARAMS.get(a, {}).get(s, {})} for s in ("256", "512")}
        for f in FAMILY_ORDER:
            r256, r512 = bc.get((a, 256, f)), bc.get((a, 512, f))
            if not r256 and not r512:
                continue
            # our cores' block sizes (Table 2's, but Skein-512-256 for Skein-256-256), also
            # where that core has no result on this family yet
            b256 = r256["block_bits"] if r256 else p["256"]["block_bits"]
            b512 = r512["block_bits"] if r512 else p["512"]["block_bits"]
            pa = p["512"]["state_bits"] / p["256"]["state_bits"]
            pt = (b512 / b256) / (p["512"]["rounds"] / p["256"]["rounds"])
            row: dict[str, Any] = {"candidate": a, "family": f, "pred_area_ratio": pa, "pred_thr_ratio": pt,
                   "paper_area_ratio": d["table5_overall_512_vs_256"][a]["area"],
                   "paper_thr_ratio": d["table5_overall_512_vs_256"][a]["thr"],
                   "lut256": r256 and r256.get("lut"), "lut512": r512 and r512.get("lut"),
                   "thr256": r256 and r256.get("throughput_mbit_s"),
                   "thr512": r512 and r512.get("throughput_mbit_s")}
            row["area_ratio"] = row["lut512"] / row["lut256"] if row["lut256"] and row["lut512"] else None
            row["thr_ratio"] = row["thr512"] / row["thr256"] if row["thr256"] and row["thr512"] else None
            row["pred_lut512"] = row["lut256"] * pa if row["lut256"] else None
            row["pred_thr512"] = row["thr256"] * pt if row["thr256"] else None
            row["area_error"] = row["area_ratio"] / pa - 1 if row["area_ratio"] else None
            row["thr_error"] = row["thr_ratio"] / pt - 1 if row["thr_ratio"] else None
            out.append(row)
    return out


def ranking_differences(results: list[flow.HwResult], mt: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Our Table 10 ranking (512-bit, Overall) beside the paper's, and for each candidate whose
    place differs by two or more, the measured factors, ours over the paper's: cycles per block
    (the architecture), normalised area and normalised clock (the family and the tools), those
    that pull the way it moved first, the largest first."""
    d = seed003.data()
    rc = seed003.recompute(d)
    mt = mt or measured_tables(results, 512)
    bc = by_candidate(results)
    ours = mt["rank10"]
    paper = [a for a in rc["rank10"] if a in ours]      # the paper's order over what we have
    out: list[dict[str, Any]] = []
    for i, a in enumerate(ours):
        j = paper.index(a)
        reasons: list[tuple[str, float, str]] = []
        c_ours = [r["c_block"] for (c, s, f), r in bc.items() if c == a and s == 512 and r.get("c_block")]
        c_paper = d["table1"][a]["512"]["c_block"]
        cyc_ref = [r["c_block"] for (c, s, f), r in bc.items() if c == REF and s == 512 and r.get("c_block")]
        if c_ours and cyc_ref:
            # cycles per block relative to SHA-512's, ours against the paper's
            rel_ours = c_ours[0] / cyc_ref[0]
            rel_paper = c_paper / d["table1"][REF]["512"]["c_block"]
            reasons.append(("architecture", rel_paper / rel_ours,
                            f"{c_ours[0]} cycles/block here vs {c_paper:g} in the paper "
                            f"(SHA-512: {cyc_ref[0]} vs {d['table1'][REF]['512']['c_block']:g})"))
        area_ours = mt["table9"][a]["overall"]
        area_paper = rc["table9"][a]["overall"]
        if area_ours and area_paper:
            reasons.append(("area (family, tools)", area_paper / area_ours,
                            f"area {area_ours:.2f}x SHA-512 here vs {area_paper:.2f}x in the paper"))
        fm = [(r["fmax_mhz"], bc.get((REF, 512, f), {}).get("fmax_mhz")) for (c, s, f), r in bc.items()
              if c == a and s == 512 and r.get("fmax_mhz")]
        fm = [(x, y) for x, y in fm if y]
        if fm:
            f_ours = geomean([x / y for x, y in fm])
            f_paper = geomean([x / y for x, y in zip(d["table6_fmax_mhz"][a], d["table6_fmax_mhz"]["SHA-512"])
                               if x and y])
            if f_ours and f_paper:
                reasons.append(("clock (family, tools)", f_ours / f_paper,
                                f"Fmax {f_ours:.2f}x SHA-512's here vs {f_paper:.2f}x in the paper"))
        # a factor above 1 favours our core against the paper's: those that pull the way the
        # candidate moved explain the move, so they come first, the largest first
        up = j > i
        reasons.sort(key=lambda r: ((r[1] > 1) != up, -abs(math.log(r[1]))))
        main = reasons[0] if reasons else None
        far = abs(j - i) >= 2
        out.append({"candidate": a, "ours": i + 1, "paper": j + 1,
                    "paper_overall": rc["table10"][a]["overall"], "ours_overall": mt["table10"][a]["overall"],
                    "moved": j - i,
                    "why": "; ".join(f"{k} x{v:.2f}: {txt}" for k, v, txt in reasons) if far else "",
                    "why_kind": main[0] if main and far else "", "factor": main[1] if main else None})
    return out


def architectures(cycles: dict[str, dict[str, Any]]) -> Table:
    """Our cores' block and cycles per block beside the paper's (Table 1), per candidate and
    size: the architecture behind every throughput figure.  `cycles`: core -> its simulation
    (algo, block_bits, digest_bits, c_block)."""
    from .cli import seed_name
    d = seed003.data()
    t = Table("Architectures: block and cycles per block, ours beside the paper's",
              ["candidate", "digest", "block bits (ours / paper)", "cycles/block (ours / paper)",
               "clocks per message bit, ours ÷ paper", "where they differ"])
    ours = {(seed_name(r["algo"]), 256 if r["digest_bits"] <= 256 else 512): r for r in cycles.values()
            if r.get("c_block") and seed_name(r["algo"])}
    for a in candidates():
        for size in (256, 512):
            p = d["table1"][a][str(size)]
            r = ours.get((a, size))
            if r is None:
                t.rows.append([a, str(size), f"– / {p['block_bits']}", f"– / {p['c_block']:g}", "–", ""])
                continue
            per_bit = (r["c_block"] / r["block_bits"]) / (p["c_block"] / p["block_bits"])
            same = r["c_block"] == p["c_block"] and r["block_bits"] == p["block_bits"]
            t.rows.append([a, str(size), f"{r['block_bits']} / {p['block_bits']}",
                           f"{r['c_block']} / {p['c_block']:g}", f"{per_bit:.2f}",
                           "same" if same else ARCH_DIFF.get(a, "–")])
    t.note = ("Clocks per message bit above 1: our core needs more clocks than the paper's for the same "
              "message, so its throughput is lower at the same clock (and its round logic usually "
              "smaller).  Ours from simulation; the paper's from its Table 1.")
    return t


def render(results: list[flow.HwResult], cycles: dict[str, dict[str, Any]] | None = None) -> list[Table]:
    """Every table of the measured reproduction, ready for the console or Markdown; with
    `cycles` (core -> its simulation), the architecture table too."""
    d = seed003.data()
    rc = seed003.recompute(d)
    fidx = {f: i for i, f in enumerate(d["families"])}
    tabs = []
    names = {"table8": ("Table 8: throughput", "norm_throughput"), "table9": ("Table 9: area", "norm_area"),
             "table10": ("Table 10: throughput/area", "norm_thr_area")}
    for size in (512, 256):
        mt = measured_tables(results, size)
        fams = mt["families"]
        ref = "SHA-512" if size == 512 else "SHA-256"
        for key, (title, _) in names.items():
            fs = [f for f in fams if key == "table9" or flow.family(f).pnr is not None]
            heads = ["candidate"] + [f"{f} (ours)" for f in fs] + ["Overall (ours)"]
            if size == 512:
                heads += [f"{CLOSEST[f]} (paper)" for f in fs] + ["Overall (paper)"]
            t = Table(f"{title} of our {size}-bit cores normalised to {ref}", heads)
            rank = mt["rank" + key[5:]]
            order = rank + [a for a in mt[key] if a not in rank]
            for a in order:
                row = mt[key][a]
                cells = [a] + [_f(row["by_family"].get(f)) for f in fs] + [_f(row["overall"])]
                if size == 512:
                    pub = rc[key][a]
                    cells += [_f(pub["by_family"][fidx[CLOSEST[f]]]) for f in fs] + [_f(pub["overall"])]
                t.rows.append(cells)
            t.note = ("Overall = geometric mean over our families with the figure; rows in our ranking "
                      "order, candidates without a measured figure last (–).")
            tabs.append(t)
    rd = ranking_differences(results)
    t = Table("Ranking by throughput/area (512-bit, Overall): ours beside the paper's",
              ["our rank", "candidate", "thr/area (ours)", "paper's rank", "thr/area (paper)", "why they differ"])
    for r in rd:
        t.rows.append([str(r["ours"]), r["candidate"], _f(r["ours_overall"]), str(r["paper"]),
                       _f(r["paper_overall"]), r["why"]])
    t.note = ("The paper's rank is its order restricted to the candidates we have measured.  'Why' lists, "
              "for candidates two or more places away, the measured factors, each relative to SHA-512: ours "
              "over the paper's, where above 1 favours our core (fewer cycles per block, less area, a "
              "faster clock).  Those that pull the way the candidate moved come first, the largest first.")
    tabs.append(t)
    if cycles:
        tabs.append(architectures(cycles))
    t = Table("512-from-256 prediction (seed 003 Section 5, Eqs. 6 and 8) on our cores",
              ["candidate", "family", "pred. area ratio", "our area ratio", "area error",
               "pred. thr ratio", "our thr ratio", "thr error", "paper's ratios (thr, area)",
               "LUT 512 pred. / ours", "Mbit/s 512 pred. / ours"])
    for p in prediction(results):
        t.rows.append([p["candidate"], p["family"], _f(p["pred_area_ratio"]), _f(p["area_ratio"]),
                       "–" if p["area_error"] is None else f"{100 * p['area_error']:+.0f}%",
                       _f(p["pred_thr_ratio"]), _f(p["thr_ratio"]),
                       "–" if p["thr_error"] is None else f"{100 * p['thr_error']:+.0f}%",
                       f"{p['paper_thr_ratio']:.2f}, {p['paper_area_ratio']:.2f}",
                       f"{_f(p['pred_lut512'], 0)} / {_f(p['lut512'], 0)}",
                       f"{_f(p['pred_thr512'], 0)} / {_f(p['thr512'], 0)}"])
    t.note = ("Error = our measured 512/256 ratio over the predicted one, minus 1.  The paper's ratios are its "
              "Table 5 (Overall, measured over its seven families).")
    tabs.append(t)
    return tabs


def fig1_points(results: list[flow.HwResult]) -> list[dict[str, Any]]:
    """Our 512-bit candidates at their Overall (Table 9, Table 8) point, for seed003.fig1."""
    mt = measured_tables(results, 512)
    return [{"core": a, "family": "ours", "norm_area": mt["table9"][a]["overall"],
             "norm_throughput": mt["table8"][a]["overall"]} for a in mt["table8"]
            if mt["table9"][a]["overall"] and mt["table8"][a]["overall"]]


def markdown(t: Table) -> str:
    def esc(s: object) -> str:
        return str(s).replace("|", "\\|")

    lines = [f"### {t.title}", "", "| " + " | ".join(esc(h) for h in t.headers) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(t.headers))) + "|"]
    lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in t.rows]
    if t.note:
        lines += ["", t.note]
    return "\n".join(lines) + "\n"


def stored_tables(results: list[flow.HwResult]) -> list[Table]:
    """`hw report`: every stored result per family, normalised to SHA-2 of its digest size,
    with its device and what did not finish."""
    from .cli import seed_name
    rc = seed003.recompute()
    tabs = []
    norm = flow.normalise(results)
    for fam in [f for f in FAMILY_ORDER if any(r["family"] == f for r in norm)] + \
            sorted({r["family"] for r in norm} - set(FAMILY_ORDER)):
        rs = sorted((r for r in norm if r["family"] == fam),
                    key=lambda r: (-(r.get("norm_thr_area") or 0), -(1 / r["norm_area"] if r.get("norm_area") else 0)))
        t = Table(f"our cores on {fam}: normalised to SHA-2 of the same digest size",
                  ["core", "digest", "device", "LUT", "FF", "Fmax MHz (seeds)", "cyc/block", "Mbit/s",
                   "norm thr", "norm area", "norm thr/area", "seed 003 thr/area (Overall, 512-bit)", "status"])
        for r in rs:
            sn = seed_name(r["algo"])
            pub = rc["table10"].get(sn, {}).get("overall") if sn and sn != REF else (1.0 if sn else None)
            runs = r.get("fmax_runs") or []
            fm = "–" if r.get("fmax_mhz") is None else f"{r['fmax_mhz']:.1f}"
            if len(runs) > 1:
                fm += f" ({' / '.join(f'{x:.1f}' for x in runs)})"
            status = []
            if r.get("status") not in (None, "ok"):
                status.append(f"synthesis {r['status']}: {flow.brief(r.get('synth_error'), 80)}"
                              if r.get("synth_error") else f"synthesis {r['status']}")
            if r.get("fits") is False:
                status.append(_no_fit(r))
            for sd, why in (r.get("pnr_failures") or {}).items():
                if r.get("fits") is not False:
                    status.append(f"{r['placer'] + ' ' if r.get('placer') else ''}seed {sd} {why}")
            if (not status and r.get("status") in (None, "ok") and fam in flow.FAMILIES and flow.family(fam).pnr
                    and r.get("fmax_mhz") is None):
                status.append("not placed and routed yet")
            if r.get("placer"):
                status.insert(0, _placer_note(r))
            t.rows.append([r["core"], str(r["digest_bits"]), r.get("device") or "–",
                           _f(r.get("lut"), 0), _f(r.get("ff"), 0), fm, str(r.get("c_block") or "–"),
                           _f(r.get("throughput_mbit_s"), 1), _f(r.get("norm_throughput")),
                           _f(r.get("norm_area")), _f(r.get("norm_thr_area")),
                           "–" if pub is None else f"{pub:.2f} ({sn})", "; ".join(status) or "ok"])
        tabs.append(t)
    return tabs


def _placer_note(r: flow.HwResult) -> str:
    """Why a result's seeds were placed with the family's fallback placer."""
    why = f" (seed 1 of the default HeAP placement: {r['placer_why']})" if r.get("placer_why") else ""
    return f"{r['placer']} placer{why}"


def _no_fit(r: flow.HwResult) -> str:
    """The status of a core too large for its family: the P&R stage's reason (which names the
    part and its capacity) or, without one, the synthesised size and the part."""
    why = [w.split(": ", 1)[1] for w in (r.get("pnr_failures") or {}).values()
           if w.startswith("does-not-fit: ") and w.split(": ", 1)[1]]
    if why:
        return f"does not fit: {why[0]}"
    return f"does not fit: {r.get('lut') or 0:,} LUT > {r.get('device') or 'the part'}"


def missing(results: list[flow.HwResult], core_names: list[str], families: list[str], seeds: int,
            superseded: Collection[tuple[str, str]] = ()) -> list[str]:
    """What the campaign has not stored yet, or stored as a failure, one line each;
    `superseded` (campaign.superseded) names the pairs whose stored rows are of an older flow."""
    have = {(r["core"], r["family"]): r for r in results}
    out = []
    for c in core_names:
        todo_synth = [f for f in families if (c, f) not in have and (c, f) not in superseded]
        if todo_synth:
            out.append(f"{c} on {', '.join(todo_synth)}: not synthesised yet")
        old = [f for f in families if (c, f) not in have and (c, f) in superseded]
        if old:
            out.append(f"{c} on {', '.join(old)}: not synthesised yet with the current RTL and synthesis "
                       "script (the stored rows are of an older one)")
        for f in families:
            r = have.get((c, f))
            if r is None:
                continue
            if r.get("status") not in (None, "ok"):
                why = flow.brief(r.get("synth_error"))
                out.append(f"{c} on {f}: synthesis {r['status']} ({why})")
                continue
            for m, why in (r.get("mapping_failed") or {}).items():
                out.append(f"{c} on {f}: the {m} LUT mapping failed, the area is the "
                           f"{r.get('mapping') or 'default'} mapping's ({why})")
            if not flow.family(f).pnr:
                continue
            if r.get("fits") is False:
                out.append(f"{c} on {f}: does not fit ({r.get('lut'):,} LUT; {r.get('device')})")
                continue
            got = set(r.get("seeds") or []) | set(r.get("pnr_failures") or {})
            todo = [s for s in range(1, seeds + 1) if s not in got]
            placer = f" with the {r['placer']} placer" if r.get("placer") else ""
            for s, why in (r.get("pnr_failures") or {}).items():
                out.append(f"{c} on {f}: P&R seed {s}{placer} {why}")
            if todo:
                # the campaign runs seeds 2..N only once seed 1 has routed
                why = "not run: seed 1 did not route" if 1 in (r.get("pnr_failures") or {}) else "not run yet"
                if placer and not r.get("seeds") and not r.get("pnr_failures"):
                    why += f" ({_placer_note(r)})"
                out.append(f"{c} on {f}: P&R seed{'s' if len(todo) > 1 else ''} {', '.join(map(str, todo))}"
                           f"{placer} {why}")
    return out
