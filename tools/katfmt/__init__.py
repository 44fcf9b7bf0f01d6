"""KAT file parsers.  Each module registers generators with @fmt("name");
a generator takes (path, **options) and yields record dicts of hex strings
(see tools/import_kat.py for the fields)."""
import re

FORMATS = {}


def fmt(name):
    def reg(fn):
        FORMATS[name] = fn
        return fn
    return reg


def rsp_records(path, section=None):
    """Blank-line separated 'Key = Value' records of NIST .rsp / competition
    .txt files.  With section, only records under that [header]."""
    cur, sec = {}, None
    out = []
    for raw in open(path, encoding="utf-8", errors="replace"):
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            if cur:
                out.append((sec, cur))
                cur = {}
            sec = line
            continue
        m = re.match(r"^(\w+)\s*=\s*(.*)$", line)
        if m:
            if m.group(1) in cur:  # files without blank lines between records
                out.append((sec, cur))
                cur = {}
            cur[m.group(1)] = m.group(2).strip()
        elif not line and cur:
            out.append((sec, cur))
            cur = {}
    if cur:
        out.append((sec, cur))
    return [r for s, r in out if section is None or s == section]
