"""RFC 9861 section 5 test vectors (TurboSHAKE, KT128, KT256), as the
text of the RFC: a heading line `NAME(M=..., C=... or D=..., L)[, last N
bytes]:` followed by the output as backquoted hex.

Inputs are written `00`^0 (empty), `FF FF FF` (literal bytes), or
ptn(17**k bytes) = the bytes (i mod 251), emitted here as ptn:<n> so the
vector files stay small.  'last N bytes' of an L-byte output becomes
skip=L-N.  TurboSHAKE's domain byte D goes to custom= (one byte) except
for the default D = 1F, which is left implicit."""
import re

from . import fmt

HEAD = re.compile(r"^\s*(\w+)\((.*)\)(?:, last (\d+) bytes)?:\s*$")


def _input(s):
    s = s.strip()
    m = re.fullmatch(r"ptn\((\d+)(?:\*\*(\d+))? bytes\)", s)
    if m:
        n = int(m.group(1)) ** int(m.group(2) or 1)
        return f"ptn:{n}" if n >= 64 else bytes(i % 251 for i in range(n)).hex()
    m = re.fullmatch(r"`([0-9A-Fa-f ]*)`(?:\^(\d+))?", s)
    if not m:
        raise ValueError(f"rfc9861: cannot read input {s!r}")
    b = bytes.fromhex(m.group(1))
    return (b * int(m.group(2) if m.group(2) else 1)).hex()


def _split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


@fmt("rfc9861")
def rfc9861(path, name):
    """Records of one function: name = TurboSHAKE128, KT128, ..."""
    lines = open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        m = HEAD.match(lines[i])
        i += 1
        if not m or m.group(1) != name:
            continue
        args = _split_args(m.group(2))
        out_len = int(args[-1])
        rec = {}
        for a in args[:-1]:
            k, _, v = a.strip().partition("=")
            if not _:
                k, v = "M", a  # the message written without M=
            rec[k.strip()] = _input(v)
        hexs = ""
        while "`" not in hexs or hexs.count("`") < 2:
            hexs += lines[i].strip() + " "
            i += 1
        md = bytes.fromhex(hexs.replace("`", ""))
        r = {"msg": rec["M"]}
        if "C" in rec and rec["C"]:
            r["custom"] = rec["C"]
        if "D" in rec and rec["D"] != "1f":
            r["custom"] = rec["D"]
        if m.group(3):
            assert int(m.group(3)) == len(md)
            r["skip"] = str(out_len - len(md))
        else:
            assert out_len == len(md), (name, out_len, len(md))
        r["md"] = md.hex()
        yield r


def _xkcp_input(s):
    s = s.strip()
    if s == "empty":
        return ""
    m = re.fullmatch(r"pattern 0x00 to 0xFA for (\d+)\^(\d+) bytes", s)
    if m:
        n = int(m.group(1)) ** int(m.group(2))
        return f"ptn:{n}" if n >= 64 else bytes(i % 251 for i in range(n)).hex()
    m = re.fullmatch(r"(\d+) times byte 0x([0-9A-Fa-f]{2})", s)
    if m:
        return (bytes.fromhex(m.group(2)) * int(m.group(1))).hex()
    raise ValueError(f"xkcp-k12: cannot read input {s!r}")


@fmt("xkcp-k12")
def xkcp_k12(path):
    """XKCP tests/TestVectors/KangarooTwelve.txt (the same construction as
    KT128): `KangarooTwelve(M=..., C=..., L bytes)[, last N bytes]:` and
    one line of spaced hex."""
    head = re.compile(r"^KangarooTwelve\(M=(.*), C=(.*), (\d+) bytes\)(?:, last (\d+) bytes)?:$")
    lines = open(path, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        m = head.match(line.strip())
        if not m:
            continue
        md = bytes.fromhex(lines[i + 1])
        r = {"msg": _xkcp_input(m.group(1))}
        c = _xkcp_input(m.group(2))
        if c:
            r["custom"] = c
        if m.group(4):
            r["skip"] = str(int(m.group(3)) - len(md))
        r["md"] = md.hex()
        yield r
