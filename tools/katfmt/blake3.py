"""BLAKE3 test_vectors.json (github.com/BLAKE3-team/BLAKE3 test_vectors/).

Each case gives an input length and the extended (131-byte) output of the
three modes; the input is bytes i mod 251, generated here as the file's
_comment describes.  key= is the json's ASCII key (keyed_hash), custom= the
ASCII context string (derive_key)."""
import json

from . import fmt


@fmt("blake3-json")
def blake3_json(path, mode="hash"):
    doc = json.load(open(path))
    extra = {"hash": {},
             "keyed_hash": {"key": doc["key"].encode().hex()},
             "derive_key": {"custom": doc["context_string"].encode().hex()}}[mode]
    for case in doc["cases"]:
        n = case["input_len"]
        rec = {"msg": bytes(i % 251 for i in range(n)).hex()}
        rec.update(extra)
        rec["md"] = case[mode].lower()
        yield rec
