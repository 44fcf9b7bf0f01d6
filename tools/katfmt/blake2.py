"""BLAKE2 formats: the official blake2-kat.json and blake2{b,s}-kat.txt
(github.com/BLAKE2/BLAKE2 testvectors/), and Botan's .vec hash files."""
import json

from . import fmt, rsp_records


@fmt("blake2-json")
def blake2_json(path, hash="blake2b"):
    """[{hash, in, key, out}]: only the records of one variant (the file
    also holds bp/sp/xb/xs).  An empty key means unkeyed: no key field."""
    for r in json.load(open(path)):
        if r["hash"] != hash:
            continue
        rec = {"msg": r["in"].lower()}
        if r["key"]:
            rec["key"] = r["key"].lower()
        rec["md"] = r["out"].lower()
        yield rec


@fmt("blake2-txt")
def blake2_txt(path):
    """Tab-separated 'in:' / 'key:' / 'hash:' lines, blank-line separated."""
    cur = {}
    for raw in open(path):
        line = raw.strip()
        if not line:
            continue
        k, _, v = line.partition(":")
        cur[k.strip()] = v.strip().lower()
        if k.strip() == "hash":
            rec = {"msg": cur.get("in", "")}
            if cur.get("key"):
                rec["key"] = cur["key"]
            rec["md"] = cur["hash"]
            yield rec
            cur = {}


@fmt("botan-hash")
def botan_hash(path, section=None):
    """Botan src/tests/data/hash/*.vec: [Name] sections of In / Out."""
    for r in rsp_records(path, section):
        if "Out" in r:
            yield {"msg": r.get("In", "").lower(), "md": r["Out"].lower()}
