"""Ascon LWC KAT files (ascon-c crypto_hash / crypto_cxof): Count / Msg /
[Z] / MD, whole bytes; Z is the CXOF customisation string."""
from . import fmt, rsp_records


@fmt("ascon")
def ascon(path):
    for r in rsp_records(path):
        if "MD" not in r:
            continue
        rec = {"msg": r["Msg"].lower()}
        if "Z" in r:
            rec["custom"] = r["Z"].lower()
        rec["md"] = r["MD"].lower()
        yield rec
