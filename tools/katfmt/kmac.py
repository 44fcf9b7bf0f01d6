"""NIST SP 800-185 samples: KMAC/KMACXOF ([KMAC128 Sample #n] sections with
Key / Data / S_hex / OutLen / Output) and cSHAKE (NLen / SLen / Len / N /
S / Msg / MD; only N empty, the registry's cSHAKE has no N)."""
from . import fmt, rsp_records


@fmt("kmac")
def kmac(path, name):
    """Records of one function: name = KMAC128, KMACXOF256, ..."""
    cur = None
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if line.startswith("["):
            cur = {} if line[1:].split()[0] == name else None
            continue
        if cur is None or "=" not in line or line.startswith("#"):
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        cur[k] = v
        if k == "Output":
            assert len(v) == 2 * int(cur["OutLen"])
            yield {"key": cur["Key"].lower(), "custom": cur["S_hex"].lower(),
                   "msg": cur["Data"].lower(), "md": v.lower()}
            cur = None


@fmt("cshake")
def cshake(path):
    for r in rsp_records(path):
        if "MD" not in r or int(r["NLen"]) or int(r["Len"]) % 8 or int(r["SLen"]) % 8:
            continue
        s = r["S"].lower()[: int(r["SLen"]) // 4]
        msg = r["Msg"].lower()[: int(r["Len"]) // 4]
        yield {"custom": s, "msg": msg, "md": r["MD"].lower()}
