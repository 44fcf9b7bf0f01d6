"""The report: one self-contained HTML file (plots inline as SVG, no network)
with an overview across targets and a section per target, or Markdown for
docs; the rows as CSV and JSON beside it.

Per target: the ranking table, cycles/byte against message size (log x),
short-message (CAN-sized) bars, ROM-vs-speed and RAM-vs-speed scatter with
the Pareto front, energy per message where the target's profile gives a
power, rankings per size class, MACs side by side and the environment.
The overview: SHA-2-normalised geometric means across targets, 8-bit
against ARM ratios and the best of each size class per target."""
from __future__ import annotations

import csv
import html
import io
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

from . import analysis as an
from .core import lookup
from .store import COLUMNS, Row

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .system import SystemCheck

#: algorithms drawn in the curves: the fastest this many by long-message rate
CURVES = 10


def _cpb(cycles: dict[int, float | None], n: int) -> float | None:
    """Cycles per byte at n bytes, None where not measured."""
    c = cycles.get(n)
    return c / n if c else None


def summarise(rows: list[Row]) -> list[dict[str, Any]]:
    """One line per (target, algorithm, implementation) with the figures
    the tables show (kept for summary.json)."""
    out: list[dict[str, Any]] = []
    for f in an.forms(rows):
        c = f["cycles"]
        hz = f["clock_hz"]
        out.append({"target": f["target"], "algo": f["algo"], "impl": f["impl"], "block": f["block"],
                    "can_cycles": an.class_value(f, "can"), "c64": c.get(64),
                    "cpb_64": _cpb(c, 64),
                    "cpb_1k": _cpb(c, 1024),
                    "cpb_1m": _cpb(c, 1 << 20),
                    "long_cpb": f["long_cpb"], "how": f["long_how"],
                    "long_mbps": hz / f["long_cpb"] / 1e6 if hz and f["long_cpb"] else None,
                    "c_fixed": f["c_fixed"], "unstable": f["unstable"],
                    "unstable_rows": len(f["unstable_rows"]), "count_kind": f["count_kind"],
                    "superseded": f["superseded"],
                    "code_bytes": f["code_bytes"], "ram_bytes": f["ram_bytes"],
                    "energy_uj_64": f["energy_uj"].get(64), "error": f["error"]})
    return out


def _svg(fig: Figure) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    s = buf.getvalue()
    return s[s.index("<svg"):]


def _fmt(v: object, nd: int = 1) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:,.{nd}f}" if abs(v) < 1e6 else f"{v:,.0f}"
    return f"{v:,}" if isinstance(v, int) else str(v)


class _Doc:
    """Collects blocks once and renders them as HTML or Markdown."""

    def __init__(self, markdown: bool):
        self.md = markdown
        self.parts: list[str] = []
        self.figures = 0

    def h(self, level: int, text: str, anchor: str = "") -> None:
        if self.md:
            self.parts.append(f"\n{'#' * level} {text}\n")
        else:
            a = f' id="{html.escape(anchor)}"' if anchor else ""
            self.parts.append(f"<h{level}{a}>{html.escape(text)}</h{level}>")

    def p(self, text: str, cls: str = "") -> None:
        if self.md:
            self.parts.append(f"\n{text}\n")
        else:
            c = f' class="{cls}"' if cls else ""
            self.parts.append(f"<p{c}>{html.escape(text)}</p>")

    def table(self, head: list[str], rows: list[list[Any]], marks: list[bool] | None = None) -> None:
        if not rows:
            return
        if self.md:
            self.parts.append("\n| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n" +
                              "".join("| " + " | ".join(_fmt(v) for v in r) + " |\n" for r in rows))
            return
        mark = ' class="unstable"'
        body = "".join(
            f"<tr{mark if marks and marks[i] else ''}>" +
            "".join(f"<td>{html.escape(_fmt(v))}</td>" for v in r) + "</tr>"
            for i, r in enumerate(rows))
        self.parts.append("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) +
                          f"</tr>{body}</table>")

    def figure(self, fig: Figure, caption: str, name: str, folder: Path) -> None:
        import matplotlib.pyplot as plt
        self.figures += 1
        if self.md:
            fn = f"{name}.svg"
            fig.savefig(folder / fn, format="svg", bbox_inches="tight")
            self.parts.append(f"\n![{caption}]({fn})\n")
        else:
            self.parts.append(f'<figure class="plot" data-name="{html.escape(name)}">{_svg(fig)}'
                              f"<figcaption>{html.escape(caption)}</figcaption></figure>")
        plt.close(fig)


def _target_section(doc: _Doc, fs: list[an.Form], rows: list[Row], target: str, folder: Path) -> None:
    import matplotlib.pyplot as plt
    mine = [f for f in fs if f["target"] == target]
    kinds = sorted({f["count_kind"] for f in mine if f["count_kind"]})
    hz = next((f["clock_hz"] for f in mine if f["clock_hz"]), None)
    doc.h(2, f"{target}", anchor=f"t-{target}")
    doc.p(f"count kind: {', '.join(kinds) or '?'}" + (f"; clock {hz / 1e6:g} MHz. " if hz else ". ") +
          "Long-message c/B is the Theil-Sen slope of HTime(N) = c_fixed + c_block*N over whole blocks "
          "(of each measurement's minimum where counts are timed), checked against the message nearest "
          "the fit's span; 'unstable' rows are figures that check failed or whose repetitions spread.")
    long_rank = {(r["algo"], r["impl"]): r["rank"] for r in an.rankings(fs, target, "long", best_impl=False)}
    order = sorted(mine, key=lambda f: (long_rank.get((f["algo"], f["impl"]), 1e9), f["algo"]))
    doc.table(["#", "algorithm", "impl", "CAN cycles", "cycles @64 B", "c/B @1 KiB", "long c/B", "over",
               "fixed", "ROM B", "RAM B", "uJ @64 B", "stability"],
              [[long_rank.get((f["algo"], f["impl"]), ""), f["algo"], f["impl"], an.class_value(f, "can"),
                f["cycles"].get(64), an.class_value(f, "1k"), f["long_cpb"], f["long_how"], f["c_fixed"],
                f["code_bytes"], f["ram_bytes"], f["energy_uj"].get(64),
                f["unstable"] or (f"{len(f['unstable_rows'])} noisy rows" if f["unstable_rows"] else "ok")
                if not f["error"] else f["error"][:60]]
               for f in order], marks=[bool(f["unstable"]) for f in order])

    # cycles/byte against size
    best = [f for f in order if f["long_cpb"]][:CURVES]
    if best:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for f in best:
            pts = sorted((s, c / s) for s, c in f["cycles"].items() if s and c)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".", label=f"{f['algo']}/{f['impl']}")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("message bytes")
        ax.set_ylabel("cycles / byte")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
        doc.figure(fig, f"{target}: cycles per byte against message size ({CURVES} fastest on long messages)",
                   f"{target}-curves", folder)

    # short messages: CAN-sized bars
    rk = an.rankings(fs, target, "can")[:25]
    if rk:
        fig, ax = plt.subplots(figsize=(8, max(2.5, 0.22 * len(rk))))
        ax.barh([r["algo"] for r in rk][::-1], [r["value"] for r in rk][::-1], color="#4a7")
        ax.set_xlabel("mean cycles per message, 8-78 B (lower is better)")
        doc.figure(fig, f"{target}: short (CAN-sized) messages, best implementation of each", f"{target}-can",
                   folder)

    # Pareto scatter: ROM and RAM against speed
    axes: tuple[tuple[Literal["code_bytes", "ram_bytes"], str], ...] = (
        ("code_bytes", "ROM (code bytes)"), ("ram_bytes", "RAM bytes (context + stack)"))
    for x, label in axes:
        placed = [(xv, cpb) for f in mine for xv, cpb in [(f[x], f["long_cpb"])] if xv and cpb]
        if len(placed) < 2:
            continue
        front = an.pareto(fs, target, x)
        fig, ax = plt.subplots(figsize=(7, 4.5))
        ax.scatter([p[0] for p in placed], [p[1] for p in placed], s=12, color="#999")
        ax.plot([p[x] for p in front], [p["value"] for p in front], "o-", color="#c33")
        for p in front:
            ax.annotate(f"{p['algo']}/{p['impl']}", (p[x], p["value"]), fontsize=7)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(label)
        ax.set_ylabel("long-message cycles / byte")
        doc.figure(fig, f"{target}: {label} against speed; red: the Pareto front", f"{target}-pareto-{x}", folder)
        doc.table(["algorithm", "impl", label, "long c/B"],
                  [[p["algo"], p["impl"], p[x], p["value"]] for p in front])

    # energy per message
    per64 = [(e, f) for f in mine for e in [f["energy_uj"].get(64)] if e]
    en = sorted(per64, key=lambda e: e[0])[:25]
    if en:
        fig, ax = plt.subplots(figsize=(8, max(2.5, 0.22 * len(en))))
        ax.barh([f"{f['algo']}/{f['impl']}" for _, f in en][::-1], [e for e, _ in en][::-1], color="#d93")
        ax.set_xlabel("uJ per 64-byte message (target profile's active power)")
        doc.figure(fig, f"{target}: energy per 64-byte message", f"{target}-energy", folder)
    else:
        doc.p(f"Energy: the {target} profile (targets/{target}/target.toml [profile]) gives no active power.")

    # rankings per size class
    doc.h(3, f"{target}: rankings per size class")
    ranked = [(cls, an.rankings(fs, target, cls)[:10]) for cls in an.SIZE_CLASSES]
    classes = [(c, r) for c, r in ranked if r]
    if classes:
        doc.table(["#"] + [an.SIZE_CLASSES[c][0] for c, _ in classes],
                  [[i + 1] + [f"{r[i]['algo']} {_fmt(r[i]['value'], 2)}" if i < len(r) else "" for _, r in classes]
                   for i in range(max(len(r) for _, r in classes))])
        rl = an.rankings(fs, target, "long")
        if rl:
            fig, ax = plt.subplots(figsize=(8, max(2.5, 0.18 * len(rl))))
            ax.barh([r["algo"] for r in rl][::-1], [r["value"] for r in rl][::-1],
                    color=["#c93" if r["unstable"] else "#47a" for r in rl][::-1])
            ax.set_xlabel("long-message cycles / byte (lower is faster; orange: unstable)")
            doc.figure(fig, f"{target}: long-message ranking", f"{target}-ranking", folder)

    # MACs side by side
    macs = [f for f in mine if an.is_mac(f["algo"])]
    if macs:
        doc.h(3, f"{target}: MAC constructions")
        doc.table(["MAC", "impl", "cycles @16 B", "cycles @64 B", "c/B @1 KiB", "long c/B", "ROM B"],
                  [[f["algo"], f["impl"], f["cycles"].get(16), f["cycles"].get(64), an.class_value(f, "1k"),
                    f["long_cpb"], f["code_bytes"]]
                   for f in sorted(macs, key=lambda f: an.class_value(f, "64") or 1e18)])


def _overview(doc: _Doc, fs: list[an.Form], folder: Path) -> None:
    import matplotlib.pyplot as plt
    targets = sorted({f["target"] for f in fs})
    doc.h(2, "Overview across targets", anchor="overview")
    best = []
    for t in targets:
        row = [t]
        for cls in an.SIZE_CLASSES:
            r = an.rankings(fs, t, cls)
            row.append(f"{r[0]['algo']} ({_fmt(r[0]['value'], 2)})" if r else "")
        best.append(row)
    doc.table(["target"] + [an.SIZE_CLASSES[c][0] for c in an.SIZE_CLASSES], best)
    gm = an.geomean_across_targets(fs)
    if gm:
        doc.p("Long-message speed relative to SHA-2 of the same digest size on the same target (1.0 = as "
              "fast as SHA-2, below 1 faster), geometric mean over the targets measured.")
        items = sorted(gm.items(), key=lambda kv: kv[1][0])
        doc.table(["algorithm", "x SHA-2 (geometric mean)", "targets"],
                  [[a, v, n] for a, (v, n) in items])
        fig, ax = plt.subplots(figsize=(8, max(2.5, 0.18 * len(items))))
        ax.barh([a for a, _ in items][::-1], [v for _, (v, _) in items][::-1], color="#47a")
        ax.axvline(1.0, color="k", lw=0.8)
        ax.set_xscale("log")
        ax.set_xlabel("long-message cycles/byte relative to SHA-2 of equal digest (geometric mean over targets)")
        doc.figure(fig, "every algorithm against SHA-2 across targets", "overview-sha2", folder)
    pr = an.platform_ratios(fs)
    if pr:
        doc.p("8-bit (AVR, 8051 machine cycles) against ARM (ARM7TDMI, Cortex-M): long-message cycles/byte of "
              "each one's best target; seed 004 asks how much worse a design fares on 8-bit cores.")
        doc.table(["algorithm", "8-bit c/B", "ARM c/B", "ratio"],
                  [[a, d["eight_bit"], d["arm"], d["ratio"]]
                   for a, d in sorted(pr.items(), key=lambda kv: kv[1]["ratio"])])


def _stored_check(rows: list[Row]) -> SystemCheck | None:
    """The noisiest machine check stored with the runs the rows come from
    (bench stores it in the run's environment), None when none was."""
    checks: list[SystemCheck] = []
    envs: set[str] = {r["run_environment"] for r in rows if r.get("run_environment")}
    for env in envs:
        try:
            c = json.loads(env).get("machine_check")
        except (ValueError, AttributeError):
            c = None
        if c:
            # the JSON of a system.check() result, as `bench` stored it
            checks.append(cast("SystemCheck", dict(c, calibration=None)))
    order = {"noisy": 0, "unknown": 1, "quiet": 2}
    return min(checks, key=lambda c: order.get(c["verdict"], 3)) if checks else None


def write_report(rows: list[Row], folder: Path, title: str = "hashbench report",
                 environment: dict[str, Any] | None = None, system: SystemCheck | None = None,
                 markdown: bool = False) -> Path:
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"   # text as text: small files, searchable
    matplotlib.rcParams["svg.hashsalt"] = "hashbench"

    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    (folder / "results.json").write_text(json.dumps(rows, indent=1, default=str))
    (folder / "summary.json").write_text(json.dumps(summarise(rows), indent=1, default=str))

    fs = an.forms(rows)
    targets = sorted({f["target"] for f in fs})
    doc = _Doc(markdown)
    doc.h(1, title)
    doc.p(f"generated {datetime.now(timezone.utc).isoformat(timespec='seconds')}; {len(rows)} measurements, "
          f"{len(fs)} (target, algorithm, implementation) forms on {len(targets)} targets.")
    if system is None:
        system = _stored_check(rows)
    if system:
        from .system import one_line
        doc.p(one_line(system) + (" -- figures of this run may wander; see the stability column."
                                  if system["verdict"] == "noisy" else ""),
              cls="noisy" if system["verdict"] == "noisy" else "")
    old: dict[str, int] = {}
    for fm in fs:
        for k, n in fm["superseded"].items():
            old[k] = old.get(k, 0) + n
    if old:
        doc.p("rows of an older count kind are left out of every figure (a newer cycle model's rows of the "
              "same form supersede them): " + ", ".join(f"{k} ({n} rows)" for k, n in sorted(old.items())),
              cls="noisy")
    bad = [f for f in fs if f["unstable"]]
    if bad:
        doc.p(f"{len(bad)} long-message rates are unstable (marked): "
              + "; ".join(f"{f['target']}/{f['algo']}/{f['impl']}" for f in bad[:10]), cls="noisy")
    if not markdown:
        doc.parts.append("<nav>" + " | ".join(['<a href="#overview">overview</a>'] +
                                              [f'<a href="#t-{html.escape(t)}">{html.escape(t)}</a>' for t in targets])
                         + "</nav>")
    _overview(doc, fs, folder)
    for t in targets:
        _target_section(doc, fs, rows, t, folder)
    errors = [r for r in rows if r.get("error")]
    if errors:
        doc.h(2, "not measured")
        doc.table(["algorithm", "target", "impl", "why"],
                  [[r["algo"], r.get("target"), r.get("impl"), r["error"][:120]] for r in errors])
    doc.h(2, "environment", anchor="environment")
    env = dict(environment or {})
    runs = {}
    for r in rows:
        if r.get("run_uuid"):
            runs[r["run_uuid"]] = r
    for r in list(runs.values())[:20]:
        env[f"run {r['run_uuid'][:8]}"] = (f"{r.get('started')} on {r.get('machine')} ({r.get('cpu')}), "
                                           f"target {r.get('target')}, {r.get('compiler')} {r.get('flags')}")
    env["count kinds"] = ", ".join(sorted({str(f["count_kind"]) for f in fs}))
    doc.table(["what", "value"], [[k, v] for k, v in env.items()])

    if markdown:
        path = folder / "report.md"
        path.write_text("".join(doc.parts))
        return path
    style = ("<style>body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;"
             "margin:1em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
             "td:nth-child(2){text-align:left}tr.unstable{background:#fed}.noisy{color:#a40}"
             "figure{margin:1em 0}figure svg{max-width:100%;height:auto}nav{margin:1em 0}</style>")
    # the browser test reads this: every figure must hold a drawn SVG
    check = ("<script>window.addEventListener('load',function(){var f=document.querySelectorAll('figure.plot'),"
             "n=0;f.forEach(function(e){var s=e.querySelector('svg');if(s&&s.getBBox().width>0)n++;});"
             "document.body.setAttribute('data-plots',f.length);document.body.setAttribute('data-plots-drawn',n);"
             "});</script>")
    path = folder / "index.html"
    path.write_text("<!doctype html><html lang='en'><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
                    f"<title>{html.escape(title)}"
                    f"</title>{style}</head><body data-figures='{doc.figures}'>{''.join(doc.parts)}"
                    f"<p>Data: <a href='results.csv'>results.csv</a>, <a href='results.json'>results.json</a>, "
                    f"<a href='summary.json'>summary.json</a></p>{check}</body></html>")
    return path


def cpb_table(rows: list[dict[str, Any]], targets: list[str], algos: list[str] | None = None) -> str:
    """Markdown: the long-message cycles/byte of every algorithm (registry
    order) on each target, of the implementation the target's config selects
    (named where it is not the family's default form), one count kind per
    target.

    The figures are analysis.forms' (latest rows, one count kind per form);
    a target whose forms were measured under several count kinds (say two
    versions of its cycle model, on algorithms measured at different times)
    is refused rather than printed as one column."""
    from . import impls, native
    from .targets.config import load
    fs = {(f["target"], f["algo"], f["impl"]): f for f in an.forms(rows)}
    names = algos or list(native.registry())
    kinds: dict[str, set[str]] = {t: set() for t in targets}
    lines = []
    for a in names:
        blk = lookup(a).block_size
        cells: list[str] = []
        for t in targets:
            im = load(t).candidates(a)[0]
            f = fs.get((t, a, im))
            if f is None or (f["long_cpb"] is None and not f["error"]):
                cells.append("–")
                continue
            if f["error"] and f["long_cpb"] is None:
                cells.append("fails")
                continue
            if f["count_kind"]:
                kinds[t].add(f["count_kind"])
            c = f"{f['long_cpb']:,.1f}"
            fam = impls.deciding_family(a)
            if fam is not None and im != impls.families()[fam].default:
                c += f" ({im})"
            if f["unstable"]:
                c += " (unstable)"
            cells.append(c)
        lines.append(f"| {a} | {blk} | " + " | ".join(cells) + " |")
    mixed = {t: k for t, k in kinds.items() if len(k) > 1}
    if mixed:
        raise ValueError("several count kinds in one column (measure the older forms again): " +
                         "; ".join(f"{t}: {', '.join(sorted(k))}" for t, k in mixed.items()))
    head = ("| algorithm | block B | " + " | ".join(targets) + " |\n|---|---:|" + "---:|" * len(targets) + "\n")
    legend = "count kinds: " + "; ".join(f"{t} {', '.join(sorted(kinds[t])) or '-'}" for t in targets)
    return legend + "\n\n" + head + "\n".join(lines) + "\n"
