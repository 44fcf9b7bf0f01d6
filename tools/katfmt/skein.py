"""Skein reference 'golden' KAT files (skein_golden_kat.txt and
skein_golden_kat_short.txt of the v1.3 submission package).

A record starts with a header line
    :Skein-512:   256-bit hash, msgLen =  1024 bits, data = 'random+MAC'
followed by 'Message data:' (hex lines or '(none)'), optionally
'MAC key = N bytes:' (hex lines or '(none)'), and 'Result:' (hex lines).
Tree-mode records ('Tree: leaf=.., node=..' in the header) and messages
that are not a whole number of bytes are skipped.

Options select the records for one registry entry:
  state=256|512|1024   Skein state size (required)
  bits=224+256         only these output sizes (bits)
  exclude=224+256      every output size except these
A record whose output size is not a registry default goes to the entry of
its state size named in sources.tsv (the test runner passes out_len =
len(md) to HB_VAROUT entries).
"""
import re

from . import fmt

HEAD = re.compile(r"^:Skein-(\d+):\s*(\d+)-bit hash, msgLen\s*=\s*(\d+) bits(.*)$")


def golden_records(path):
    """All records as dicts: state, bits, msglen, tree, msg, key (or None), md."""
    recs, cur, field = [], None, None
    for raw in open(path, encoding="utf-8", errors="replace"):
        line = raw.split("/*")[0].rstrip()
        m = HEAD.match(line.strip())
        if m:
            cur = {"state": int(m.group(1)), "bits": int(m.group(2)), "msglen": int(m.group(3)),
                   "tree": "Tree:" in m.group(4), "msg": "", "key": None, "md": ""}
            recs.append(cur)
            field = None
            continue
        if cur is None:
            continue
        s = line.strip()
        if s.startswith("Message data:"):
            field = "msg"
        elif s.startswith("MAC key"):
            field = "key"
            cur["key"] = ""
        elif s.startswith("Result:"):
            field = "md"
        elif s.startswith("---"):
            field = None
        elif field and s and s != "(none)":
            toks = s.split()
            if all(re.fullmatch(r"[0-9A-Fa-f]{2}", t) for t in toks):
                cur[field] += "".join(toks).lower()
    return recs


@fmt("skein-golden")
def skein_golden(path, state, bits=None, exclude=None):
    state = int(state)
    want = {int(b) for b in bits.split("+")} if bits else None
    skip = {int(b) for b in exclude.split("+")} if exclude else set()
    for r in golden_records(path):
        if r["state"] != state or r["tree"] or r["msglen"] % 8 or r["bits"] % 8:
            continue
        if (want is not None and r["bits"] not in want) or r["bits"] in skip:
            continue
        msg = r["msg"][: r["msglen"] // 4]
        assert len(r["md"]) == r["bits"] // 4, r
        rec = {"msg": msg, "md": r["md"]}
        if r["key"] is not None:
            rec["key"] = r["key"]
        yield rec
