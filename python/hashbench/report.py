"""HTML report: summary table, ranking, plots (cycles/byte vs size; long-
message speed), with the rows as CSV and JSON beside it."""
from __future__ import annotations

import base64
import csv
import html
import io
import json
from datetime import datetime, timezone
from pathlib import Path

from . import native
from .analysis import htime_fit, rank
from .store import COLUMNS


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode()


def summarise(rows: list[dict]) -> list[dict]:
    """One line per (target, algorithm): cycles/byte at a few sizes and the
    long-message rate from the HTime fit."""
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        if r.get("median") is not None:
            groups.setdefault((r["target"], r["algo"]), []).append(r)
    out = []
    reg = native.registry()
    for (target, algo), rs in sorted(groups.items()):
        a = reg.get(algo)
        bs = a.block_size if a is not None else 0
        by = {r["size"]: r for r in rs if r.get("kind") == "size"}
        fit = htime_fit(rs, bs) if bs else None
        big = by.get(max(by)) if by else None
        hz = next((r.get("clock_hz") for r in rs if r.get("clock_hz")), None)
        long_cpb = fit["cycles_per_byte"] if fit else (big["cycles_per_byte"] if big else None)
        out.append({
            "target": target, "algo": algo, "block": bs,
            "c64": by[64]["median"] if 64 in by else None,
            "cpb_64": by[64]["cycles_per_byte"] if 64 in by else None,
            "cpb_1k": by[1024]["cycles_per_byte"] if 1024 in by else None,
            "cpb_1m": by[1048576]["cycles_per_byte"] if 1048576 in by else None,
            "long_cpb": long_cpb,
            "long_mbps": (hz / long_cpb / 1e6) if hz and long_cpb else None,
            "c_fixed": fit["c_fixed"] if fit else None,
            "count_kind": rs[0].get("count_kind"),
            "code_bytes": rs[0].get("code_bytes"), "ram_bytes": rs[0].get("ram_bytes"),
        })
    return out


def write_report(rows: list[dict], folder: Path, title: str = "hashbench report",
                 environment: dict | None = None) -> Path:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    (folder / "results.json").write_text(json.dumps(rows, indent=1, default=str))
    summ = summarise(rows)
    (folder / "summary.json").write_text(json.dumps(summ, indent=1))

    parts = [f"<h1>{html.escape(title)}</h1>",
             f"<p>generated {datetime.now(timezone.utc).isoformat(timespec='seconds')}; "
             f"{len(rows)} measurements. Counts are medians; spread (q1-q3) is in results.csv.</p>"]
    if environment:
        parts.append("<p>" + ", ".join(f"<b>{html.escape(str(k))}</b>: {html.escape(str(v))}"
                                       for k, v in environment.items()) + "</p>")
    for target in sorted({s["target"] for s in summ}):
        ss = [s for s in summ if s["target"] == target]
        ranked = rank({s["algo"]: s["long_cpb"] for s in ss if s["long_cpb"]})
        parts.append(f"<h2>{html.escape(target)}</h2><p>count kind: {html.escape(str(ss[0]['count_kind']))}. "
                     "Long-message cycles/byte is the slope of HTime(N) = c_fixed + c_block&middot;N over "
                     "whole blocks, divided by the block size.</p>")
        parts.append("<table><tr><th>rank</th><th>algorithm</th><th>block</th><th>cycles @64 B</th>"
                     "<th>c/B @64 B</th><th>c/B @1 KiB</th><th>c/B @1 MiB</th><th>long c/B</th>"
                     "<th>long MB/s</th><th>fixed cost</th><th>code B</th><th>RAM B</th></tr>")
        order = {name: r for r, name, _ in ranked}
        for s in sorted(ss, key=lambda s: (order.get(s["algo"], 1e9), s["algo"])):
            def num(v, nd=1):
                return "" if v is None else (f"{v:,.{nd}f}" if isinstance(v, float) else str(v))
            parts.append(f"<tr><td>{order.get(s['algo'], '')}</td><td>{html.escape(s['algo'])}</td>"
                         f"<td>{s['block']}</td><td>{num(s['c64'], 0)}</td><td>{num(s['cpb_64'])}</td>"
                         f"<td>{num(s['cpb_1k'])}</td><td>{num(s['cpb_1m'])}</td><td>{num(s['long_cpb'], 2)}</td>"
                         f"<td>{num(s['long_mbps'])}</td><td>{num(s['c_fixed'], 0)}</td>"
                         f"<td>{num(s['code_bytes'])}</td><td>{num(s['ram_bytes'])}</td></tr>")
        parts.append("</table>")
        # cycles/byte against message size
        fig, ax = plt.subplots(figsize=(9, 5))
        best = [name for _, name, _ in ranked][:12] or [s["algo"] for s in ss][:12]
        for algo in best:
            pts = sorted((r["size"], r["cycles_per_byte"]) for r in rows
                         if r.get("target") == target and r["algo"] == algo and r.get("kind") == "size"
                         and r.get("size") and r.get("cycles_per_byte"))
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".", label=algo)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("message bytes")
        ax.set_ylabel("cycles / byte")
        ax.set_title(f"{target}: cycles per byte vs message size (12 fastest by long-message rate)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
        parts.append(f'<img src="data:image/png;base64,{_png(fig)}">')
        plt.close(fig)
        if ranked:
            fig, ax = plt.subplots(figsize=(9, max(3, 0.22 * len(ranked))))
            ax.barh([n for _, n, _ in ranked][::-1], [v for _, _, v in ranked][::-1])
            ax.set_xlabel("long-message cycles / byte (lower is faster)")
            ax.set_title(f"{target}: long-message speed")
            parts.append(f'<img src="data:image/png;base64,{_png(fig)}">')
            plt.close(fig)
    errors = [r for r in rows if r.get("error")]
    if errors:
        parts.append("<h2>not measured</h2><ul>" + "".join(
            f"<li>{html.escape(r['algo'])} on {html.escape(str(r.get('target')))}: {html.escape(r['error'])}</li>"
            for r in errors) + "</ul>")
    style = ("<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
             "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:nth-child(2){text-align:left}"
             "</style>")
    path = folder / "index.html"
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
                    f"{style}</head><body>{''.join(parts)}<p>Data: <a href='results.csv'>results.csv</a>, "
                    f"<a href='results.json'>results.json</a>, <a href='summary.json'>summary.json</a></p>"
                    f"</body></html>")
    return path
