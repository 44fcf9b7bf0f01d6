"""The Python API: hashlib compatibility, streaming properties over every
registry entry, bad input, and a fuzz of the streaming API (hypothesis)."""
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hashbench

ALL = hashbench.algorithms()


def kwargs_for(name):
    i = hashbench.info(name)
    # 16 bytes, or the whole max_key when that is at most 32 (BLAKE3 takes
    # only 32-byte keys); same rule as tests/c/test_props.c
    n = i["max_key"] if i["max_key"] is not None and i["max_key"] <= 32 else 16
    return {"key": bytes(range(n))} if "keyed" in i["flags"] else {}


def test_registry_listing():
    assert len(ALL) == len(set(ALL)) >= 20
    for n in ALL:
        i = hashbench.info(n)
        assert i["name"] == n and i["ctx_size"] > 0
        assert (i["digest_size"] == 0) == ("xof" in i["flags"])


def test_aliases():
    assert hashbench.new("SHA3-256").name == "sha3_256"
    assert hashbench.new("SHA-256").name == "sha256"
    assert hashbench.new("sha512/256").name == "sha512_256"


def test_hashlib_interface():
    h = hashbench.new("sha256", b"ab")
    h.update(b"c")
    assert h.hexdigest() == hashlib.sha256(b"abc").hexdigest()
    assert h.digest_size == 32 and h.block_size == 64 and h.name == "sha256"
    c = h.copy()
    c.update(b"d")
    assert h.digest() == hashlib.sha256(b"abc").digest()
    assert c.digest() == hashlib.sha256(b"abcd").digest()
    assert h.digest() == h.digest()  # digest is not destructive
    x = hashbench.new("shake_256", b"abc")
    assert x.digest(100) == hashlib.shake_256(b"abc").digest(100)
    assert x.hexdigest(7) == hashlib.shake_256(b"abc").hexdigest(7)
    h.update(memoryview(b"xyz")[1:])
    h.update(bytearray(b"q"))


@pytest.mark.parametrize("name", ALL)
def test_streaming_properties(name):
    kw = kwargs_for(name)
    bs = max(hashbench.info(name)["block_size"], 1)
    msg = bytes((i * 37 + 11) & 0xFF for i in range(3 * bs + 5))
    ref = hashbench.new(name, msg, **kw).digest()
    for cut in range(0, len(msg) + 1, max(1, bs // 8)):
        h = hashbench.new(name, **kw)
        h.update(msg[:cut])
        h.update(b"")
        h.update(msg[cut:])
        assert h.digest() == ref, cut
    h = hashbench.new(name, msg[:bs], **kw)
    c = h.copy()
    c.update(msg[bs:])
    h.update(msg[bs:])
    assert c.digest() == h.digest() == ref


def test_errors():
    with pytest.raises(hashbench.UnknownAlgorithm) as e:
        hashbench.new("sha265")
    assert "sha256" in e.value.suggestions
    with pytest.raises(ValueError, match="fixed digest size"):
        hashbench.new("sha256", digest_size=20)
    with pytest.raises(ValueError, match="takes no key"):
        hashbench.new("sha256", key=b"k")
    with pytest.raises(ValueError, match="key is required"):
        hashbench.new("hmac_sha256")
    with pytest.raises(ValueError):
        hashbench.new("shake_128", digest_size=10)
    with pytest.raises(TypeError):
        hashbench.new("sha256", "text")
    with pytest.raises(ValueError):
        hashbench.new("shake_128").digest(-1)
    with pytest.raises(ValueError, match="not a MAC"):
        hashbench.mac("sha256", b"k", b"m")


def test_mac_entry_point_and_compare():
    import hmac
    t = hashbench.mac("hmac_sha256", b"key", b"msg")
    assert t == hmac.new(b"key", b"msg", "sha256").digest()
    assert hashbench.mac("hmac_sha512_256", b"key", b"msg") == hmac.new(b"key", b"msg", "sha512_256").digest()
    assert hashbench.compare_digest(t, t)
    assert not hashbench.compare_digest(t, t[:-1] + bytes([t[-1] ^ 1]))
    assert not hashbench.compare_digest(t, t[:-1])


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(ALL),
       chunks=st.lists(st.binary(max_size=300), max_size=12),
       ops=st.lists(st.sampled_from(["copy", "digest", "empty"]), max_size=6))
def test_fuzz_streaming(name, chunks, ops):
    """Any interleaving of updates, empty updates, copies and digests gives
    the one-shot result."""
    kw = kwargs_for(name)
    h = hashbench.new(name, **kw)
    for i, c in enumerate(chunks):
        op = ops[i % len(ops)] if ops else None
        if op == "copy":
            h = h.copy()
        elif op == "digest":
            h.digest()
        elif op == "empty":
            h.update(b"")
        h.update(c)
    assert h.digest() == hashbench.new(name, b"".join(chunks), **kw).digest()
