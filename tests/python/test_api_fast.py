"""The C entry points of the hashlib-style API (hashbench.Hash, new, hash:
python/hashbench/_native_module.c) against the same API over ctypes
(hashbench.core.CtypesHash): digests, parameters and errors equal for every
registry entry, streaming, copies, buffers, threads."""
import array
import hmac
import mmap
import threading

import pytest

import hashbench
from hashbench import _native, core, native

ALL = hashbench.algorithms()
BIG = _native.GIL_MINSIZE  # updates this long run without the GIL


def msg(n, seed=0):
    return bytes((i * 131 + 7 + seed) & 0xFF for i in range(n))


def param_sets(name):
    """kwargs for `name`: the defaults, then each parameter it accepts."""
    i = hashbench.info(name)
    flags, mk = i["flags"], i["max_key"]
    key = {}
    if "keyed" in flags:
        key = {"key": msg(32 if mk is None or mk >= 32 else mk, 1)}
    sets = [key]
    if "keyed" in flags and (mk is None or mk > 32):
        sets.append({"key": msg(mk if mk is not None else 300, 2)})
    if "custom" in flags:
        sets.append({**key, "customization": b"Email Signature"})
        # kt128/kt256 read a customisation over 256 bytes from the caller's
        # buffer at final: the object must keep it
        sets.append({**key, "customization": msg(300, 3)})
    if "salt" in flags:
        sets.append({**key, "salt": msg(8, 4), "person": msg(8, 5)})
    if "varout" in flags:
        for n in (1, 16, 20, 28, i["digest_size"] - 1):
            sets.append({**key, "digest_size": n})
    return sets


def outcome(fn):
    """fn()'s value, or the type and text of what it raised"""
    try:
        return fn()
    except Exception as e:
        return (type(e), str(e))


def digests(h, xof):
    return [h.digest(n) for n in (0, 1, 32, 200)] + [h.hexdigest(33)] if xof else [h.digest(), h.hexdigest()]


@pytest.mark.parametrize("name", ALL)
def test_fast_path_equals_ctypes(name):
    """Every parameter set, one-shot and streamed in uneven pieces (across
    the size at which the GIL is released): the C entry points give the
    ctypes path's digests, or the same error."""
    xof = "xof" in hashbench.info(name)["flags"]
    bs = max(hashbench.info(name)["block_size"], 1)
    m = msg(3 * bs + BIG + 5)
    cuts = [0, 1, 8, 8 + bs - 1, 8 + bs + BIG + 2, len(m)]
    for kw in param_sets(name):
        ref = outcome(lambda kw=kw: core.CtypesHash(name, m, **kw))
        if isinstance(ref, tuple):  # a digest_size this algorithm refuses
            assert outcome(lambda kw=kw: hashbench.Hash(name, m, **kw)) == ref, kw
            assert outcome(lambda kw=kw: hashbench.hash(name, m, **kw)) == ref, kw
            continue
        want = digests(ref, xof)
        assert digests(hashbench.new(name, m, **kw), xof) == want, kw
        h = hashbench.Hash(name, **kw)
        for a, b in zip(cuts, cuts[1:]):
            h.update(memoryview(m)[a:b])
        assert digests(h, xof) == want, kw
        for n in ((0, 1, 32, 200) if xof else (None,)):
            assert hashbench.hash(name, m, length=n, **kw) == ref.digest(n), (kw, n)
        assert (h.name, h.digest_size, h.block_size) == (ref.name, ref.digest_size, ref.block_size)


BAD = [{"key": b"k"}, {"key": b""}, {"key": msg(300)}, {"key": "k"}, {"digest_size": 7}, {"digest_size": 0},
       {"digest_size": 70000}, {"digest_size": "7"}, {"customization": b"c"}, {"customization": "c"},
       {"salt": b"s" * 100}, {"person": b"p"}, {"salt": b"s", "person": b"p" * 100}]


@pytest.mark.parametrize("name", ALL)
def test_parameters_refused_alike(name):
    """A parameter the algorithm refuses gives the ctypes path's error and
    message; one it accepts gives its digest."""
    for kw in [{}, *BAD]:
        ref = outcome(lambda kw=kw: core.CtypesHash(name, b"abc", **kw).digest())
        assert outcome(lambda kw=kw: hashbench.new(name, b"abc", **kw).digest()) == ref, kw
        assert outcome(lambda kw=kw: hashbench.hash(name, b"abc", **kw)) == ref, kw


def test_known_refusals():
    # the messages of hashbench.core, through the C entry points
    with pytest.raises(ValueError, match="takes no key"):
        hashbench.Hash("sha256", key=b"k")
    with pytest.raises(ValueError, match="a key is required"):
        hashbench.hash("kmac128", b"m")
    with pytest.raises(ValueError, match=r"bad key length 33 for blake2s \(at most 32 bytes\)"):
        hashbench.hash("blake2s", b"m", key=bytes(33))
    with pytest.raises(ValueError, match="fixed digest size of 32 bytes; digest_size=20"):
        hashbench.hash("sha256", b"m", digest_size=20)
    with pytest.raises(ValueError, match="is an XOF"):
        hashbench.hash("shake_128", b"m", digest_size=20)
    with pytest.raises(ValueError, match="does not accept customization"):
        hashbench.new("sha3_256", customization=b"c")
    with pytest.raises(ValueError, match="digest_size must be an integer"):
        hashbench.new("blake2b", digest_size=0)
    with pytest.raises(ValueError, match="digest_size=65 is not allowed for blake2b"):
        hashbench.new("blake2b", digest_size=65)


def test_lengths():
    assert hashbench.hash("shake_256", b"abc", length=0) == b""
    assert hashbench.hash("shake_256", b"abc") == hashbench.new("shake_256", b"abc").digest(32)
    assert hashbench.new("shake_128").digest(length=3) == hashbench.new("shake_128").digest(3)
    assert hashbench.hash("sha256", b"abc", length=32) == hashbench.hash("sha256", b"abc")
    assert len(hashbench.hash("shake_128", b"", length=1 << 16)) == 1 << 16  # the GIL-free final
    for bad in (-1, (1 << 28) + 1, 1 << 80, "8", 2.0):
        with pytest.raises(ValueError, match=r"length must be an integer in 0\.\.2\^28"):
            hashbench.hash("shake_128", b"", length=bad)
        with pytest.raises(ValueError, match=r"length must be an integer in 0\.\.2\^28"):
            hashbench.new("shake_128").digest(bad)
    for bad in (31, 1 << 80, "32"):
        with pytest.raises(ValueError, match="sha256 has a fixed digest size of 32 bytes"):
            hashbench.hash("sha256", b"", length=bad)
        with pytest.raises(ValueError, match="sha256 has a fixed digest size of 32 bytes"):
            hashbench.new("sha256").hexdigest(bad)
    with pytest.raises(ValueError, match="blake2b has a fixed digest size of 20 bytes"):
        hashbench.hash("blake2b", b"", digest_size=20, length=64)


def test_names_and_fallbacks():
    for f in (hashbench.Hash, hashbench.new, lambda n: hashbench.hash(n, b"")):
        with pytest.raises(hashbench.UnknownAlgorithm) as e:
            f("sha265")
        assert "sha256" in e.value.suggestions
        with pytest.raises(hashbench.UnknownAlgorithm):
            f("sha256\0")
        with pytest.raises(TypeError, match="algorithm name must be a str, not 'bytes'"):
            f(b"sha256")
    # the lookup cache answers the second time: the same answer
    for _ in range(2):
        assert hashbench.new("SHA3-256").name == "sha3_256" and hashbench.new("sha512/256").name == "sha512_256"
    # hmac_<hash> for a hash with no registered HMAC entry: core.HMAC
    assert "hmac_sha512_256" not in ALL
    want = hmac.new(b"key", b"msg", "sha512_256").digest()
    assert hashbench.new("hmac_sha512_256", b"msg", key=b"key").digest() == want
    assert hashbench.hash("hmac_sha512_256", b"msg", key=b"key") == want
    assert hashbench.hash("hmac_sha512_256", b"msg", key=b"key", length=32) == want
    with pytest.raises(ValueError, match="fixed digest size of 32 bytes"):
        hashbench.hash("hmac_sha512_256", b"msg", key=b"key", length=64)
    with pytest.raises(ValueError, match="a key is required"):
        hashbench.hash("hmac_sha512_256", b"msg")


def test_call_errors():
    with pytest.raises(TypeError, match="unexpected keyword argument 'foo'"):
        hashbench.new("sha256", foo=1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'length'"):
        hashbench.Hash("sha256", length=1)
    with pytest.raises(TypeError, match="at most 2 positional"):
        hashbench.hash("sha256", b"", b"k")
    with pytest.raises(TypeError, match="multiple values for argument 'data'"):
        hashbench.new("sha256", b"", data=b"")
    with pytest.raises(TypeError, match="missing required argument 'data'"):
        hashbench.hash("sha256")
    with pytest.raises(TypeError, match="missing required argument 'name'"):
        hashbench.Hash()
    with pytest.raises(TypeError, match="at most 1 argument"):
        hashbench.new("shake_128").digest(1, 2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'n'"):
        hashbench.new("shake_128").digest(n=1)
    assert hashbench.Hash(name="sha256", data=b"abc").digest() == hashbench.hash(data=b"abc", name="sha256")
    assert hashbench.new("sha256", None).digest() == hashbench.new("sha256").digest()


def test_data_types():
    m = msg(100)
    want = hashbench.hash("sha256", m)
    arr = array.array("I", m)  # 4-byte items: hashed as their bytes
    with mmap.mmap(-1, len(m)) as mm:
        mm.write(m)
        for d in (bytearray(m), memoryview(m), memoryview(bytearray(m)), memoryview(m).cast("B", (10, 10)),
                  memoryview(b"xx" + m)[2:], mm):
            assert hashbench.hash("sha256", d) == want
            assert hashbench.new("sha256", d).digest() == want
            h = hashbench.new("sha256")
            h.update(d)
            assert h.digest() == want
    assert hashbench.hash("sha256", arr) == hashbench.hash("sha256", arr.tobytes())
    # parameters take any buffer, contiguous or not (they are copied)
    k = msg(64)
    strided = memoryview(k + k)[::2]
    assert hashbench.hash("blake2b", m, key=strided) == hashbench.hash("blake2b", m, key=bytes(strided))
    assert hashbench.hash("blake2b", m, key=bytearray(k)) == hashbench.hash("blake2b", m, key=k)


def test_bad_data():
    h = hashbench.new("sha256")
    strided = memoryview(msg(100))[::2]
    for f in (h.update, lambda d: hashbench.new("sha256", d), lambda d: hashbench.hash("sha256", d),
              lambda d: core.CtypesHash("sha256", d)):
        with pytest.raises(BufferError, match="C-contiguous buffer; this 'memoryview' is not"):
            f(strided)
        with pytest.raises(TypeError, match="Strings must be encoded before hashing"):
            f("text")
    with pytest.raises(TypeError, match="bytes-like object, not 'int'"):
        h.update(5)
    with pytest.raises(TypeError, match="bytes-like object, not 'list'"):
        hashbench.hash("sha256", [1, 2])
    with pytest.raises(TypeError, match="key must be bytes, not str"):
        hashbench.hash("blake2b", b"", key="k")
    with pytest.raises(TypeError, match="key must be a bytes-like object, not 'int'"):
        hashbench.hash("blake2b", b"", key=5)
    assert h.digest() == hashbench.hash("sha256", b"")  # the failed updates hashed nothing


@pytest.mark.parametrize("name", ["sha256", "blake3", "kt128", "kmac256", "skein512_256"])
def test_copy_independent(name):
    # the last parameter set the algorithm accepts (kt128's long customisation)
    kw = next(kw for kw in reversed(param_sets(name))
              if not isinstance(outcome(lambda kw=kw: core.CtypesHash(name, **kw)), tuple))
    m = msg(3 * BIG)
    # a bytearray is copied into bytes that only the object holds
    fast_kw = {k: bytearray(v) if k == "customization" else v for k, v in kw.items()}
    h = hashbench.new(name, m[:BIG + 1], **fast_kw)  # an update without the GIL: the object has its lock
    c = h.copy()
    c.update(m[BIG + 1:])
    h.update(b"other")
    xof = "xof" in hashbench.info(name)["flags"]
    one = (lambda x: x.digest(64)) if xof else (lambda x: x.digest())
    assert one(c) == one(core.CtypesHash(name, m, **kw))
    assert one(h) == one(core.CtypesHash(name, m[:BIG + 1] + b"other", **kw))
    d = c.copy()
    del c, h  # the copy keeps what the context needs (a long customisation)
    junk = [bytes([i & 0xFF]) * 300 for i in range(2000)]  # would reuse freed memory
    assert one(d) == one(core.CtypesHash(name, m, **kw))
    del junk


def test_threads_share_one_object():
    """Updates of one object from several threads, the GIL released for
    each: the lock keeps them whole, so equal chunks in any order give the
    sequential digest."""
    chunk, per_thread, threads = msg(64 * 1024), 8, 4
    for name in ("sha256", "blake3", "sha3_256"):
        h = hashbench.new(name)

        def work(h=h):
            for _ in range(per_thread):
                h.update(chunk)
                h.copy().digest()
        ts = [threading.Thread(target=work) for _ in range(threads)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        assert h.digest() == hashbench.hash(name, chunk * (per_thread * threads)), name


def test_object_surface():
    h = hashbench.new("sha512_256", b"abc")
    assert isinstance(h, hashbench.Hash) and repr(h) == "<hashbench sha512_256 object>"
    assert (h.name, h.digest_size, h.block_size) == ("sha512_256", 32, 128)
    with pytest.raises(AttributeError):
        h.name = "x"
    x = hashbench.new("shake_128")
    assert x.digest_size == 0 and x.digest() == x.digest(32)


def test_one_library_for_both_paths():
    """ctypes loads the file Python imported, so an implementation chosen
    through ctypes (native.set_impl) is the one the C entry points run."""
    assert native._find_library() == _native.__file__


def test_peers_time_the_call_a_user_makes(monkeypatch):
    """`hashbench peers` times hashbench.hash against the Python packages,
    after checking both return the same digest."""
    pytest.importorskip("blake3")
    from hashbench import peers
    rows = peers._py_peer_lines(["blake3"], 1, [64])
    assert rows and all(r["method"] == "Python, one call each (hashbench.hash for ours)" for r in rows)
    monkeypatch.setattr(hashbench, "hash", lambda name, m: hashbench.new("sha256", m).digest())
    with pytest.raises(peers.PeerError, match="disagree"):
        peers._py_peer_lines(["blake3"], 1, [64])
