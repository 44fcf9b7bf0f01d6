"""NIST CAVP and SHA-3 competition formats, and their Monte Carlo chains.

Monte Carlo kinds (md= lists the 100 printed checkpoints):
  comp   competition: Msg = Seed (128 B); 100 x 1000 times MD = H(Msg),
         Msg = MD || Msg[0 .. 128-|MD|); the last MD of each 1000 printed.
  sha2   SHAVS 6.4: MD0 = MD1 = MD2 = Seed; 1000 times
         MDi = H(MDi-3 || MDi-2 || MDi-1); Seed = MD1002 printed.
  sha3   SHA3VS 6.2.3: MD = H(MD) 1000 times per checkpoint.
  shake  SHA3VS 6.3.3: Msg = leftmost 16 bytes of the last output (zero
         padded); output length walks in [minout, maxout] bytes driven by
         the rightmost 16 bits of each output.
"""
from . import fmt, rsp_records


def _msg(r):
    n = int(r["Len"])
    return "" if n == 0 else r["Msg"].lower()[: n // 4]


@fmt("nist")
def nist(path, section=None):
    """Len (bits) / Msg / MD or Output: whole-byte records only."""
    for r in rsp_records(path, section):
        if "Len" not in r or int(r["Len"]) % 8:
            continue
        md = r.get("MD", r.get("Output"))
        if md is None:
            continue
        yield {"msg": _msg(r), "md": md.lower()}


@fmt("shake-var")
def shake_var(path, section=None):
    """SHAKE VariableOut: Msg / Outputlen (bits) / Output."""
    for r in rsp_records(path, section):
        if "Outputlen" in r and int(r["Outputlen"]) % 8 == 0:
            yield {"msg": r["Msg"].lower(), "md": r["Output"].lower()}


@fmt("mc-comp")
def mc_comp(path, section=None):
    recs = rsp_records(path, section)
    seed = next(r["Seed"] for r in recs if "Seed" in r)
    mds = [r["MD"] for r in recs if "MD" in r]
    yield {"mc": "comp", "seed": seed.lower(), "md": ",".join(m.lower() for m in mds)}


@fmt("mc-sha2")
def mc_sha2(path, section=None):
    recs = rsp_records(path, section)
    seed = next(r["Seed"] for r in recs if "Seed" in r)
    yield {"mc": "sha2", "seed": seed.lower(), "md": ",".join(r["MD"].lower() for r in recs if "MD" in r)}


@fmt("mc-sha3")
def mc_sha3(path, section=None):
    recs = rsp_records(path, section)
    seed = next(r["Seed"] for r in recs if "Seed" in r)
    yield {"mc": "sha3", "seed": seed.lower(), "md": ",".join(r["MD"].lower() for r in recs if "MD" in r)}


@fmt("mc-shake")
def mc_shake(path, section=None):
    text = open(path).read()
    import re
    lo = int(re.search(r"Minimum Output Length \(bits\) = (\d+)", text).group(1)) // 8
    hi = int(re.search(r"Maximum Output Length \(bits\) = (\d+)", text).group(1)) // 8
    recs = rsp_records(path, section)
    seed = next(r["Msg"] for r in recs if "Msg" in r)
    yield {"mc": "shake", "minout": f"{lo:x}", "maxout": f"{hi:x}", "seed": seed.lower(),
           "md": ",".join(r["Output"].lower() for r in recs if "Output" in r)}


@fmt("hmac-rfc4231")
def hmac_rfc4231(path, digest="SHA-256"):
    """RFC 4231 test cases for one digest ([HMAC-SHA-256 TCn] sections)."""
    cur = None
    for raw in open(path):
        line = raw.strip()
        if line.startswith("["):
            cur = {} if f"HMAC-{digest} " in line else None
            continue
        if cur is None or "=" not in line or line.startswith("#"):
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        cur[k] = v
        if k == "MAC":
            rec = {"key": cur["Key"].lower(), "msg": cur["Data"].lower(), "md": v.lower()}
            if "Truncate" in cur:
                rec["trunc"] = str(int(cur["Truncate"]))
            yield rec
            cur = None


@fmt("hmac-cavp")
def hmac_cavp(path, section=None):
    """CAVP HMAC.rsp: Klen / Tlen / Key / Msg / Mac (tags truncated to Tlen)."""
    for r in rsp_records(path, section):
        if "TAG" not in r:
            continue
        yield {"key": r["KEY"].lower(), "msg": r["MSG"].lower(), "md": r["TAG"].lower(),
               "trunc": r["Tlen"]}
