"""The host dispatch (src/common/hb_dispatch.h): every form it links and
this CPU runs passes the KATs, the automatic choice is the fastest runnable
form, and HASHBENCH_IMPL / set_impl force one."""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys

import pytest

from hashbench import impls, kat, native
from hashbench.targets.host import host_impl

DISPATCH = [f.name for f in impls.families().values() if f.impls[f.host].dispatch]


def _users(fam: str) -> list[str]:
    return [n for n in impls.algorithm_names() if impls.deciding_family(n) == fam]


def _portable(fam: str) -> str:
    """The dispatch's portable form: its last, which needs no CPU feature
    (the family's default, or a host-only one: ECHO's lanes64)."""
    last = impls.dispatch_members(fam)[-1]
    assert not impls.families()[fam].impls[last].cpu
    return last
def _linking(fam: str) -> list[str]:
    """Every algorithm that links the family, also those another family
    decides (KT128 runs keccak's forms in S_0 and the final node)."""
    return [n for n in impls.algorithm_names() if fam in impls.families_of(n)]


def test_some_family_dispatches():
    assert "sha2" in DISPATCH and "keccak" in DISPATCH


@pytest.mark.parametrize("fam", DISPATCH)
def test_auto_choice_is_first_runnable(fam):
    run = native.runnable_impls(fam)
    members = impls.dispatch_members(fam)
    portable = _portable(fam)
    assert portable in run, "the portable form must always run"
    assert set(run) <= set(members)
    assert native.set_impl(fam, None)
    assert native.active_impl(fam) == run[0]
    assert not native.set_impl(fam, "no-such-form")
    assert native.active_impl(fam) == run[0]


@pytest.mark.parametrize("fam", DISPATCH)
def test_kat_every_runnable_form(fam):
    ran = []
    try:
        for form in native.runnable_impls(fam):
            assert native.set_impl(fam, form)
            assert native.active_impl(fam) == form
            total = 0
            for name in _linking(fam):
                ok, bad, _ = kat.run(name, monte_carlo=False)
                assert bad == 0, f"{fam}/{form}: {name} failed {bad} KATs"
                total += ok
            assert total > 0, f"{fam}: no KATs"
            ran.append(form)
    finally:
        native.set_impl(fam, None)
    print(f"{fam}: KATs passed on {', '.join(ran)}")
    assert ran


@pytest.mark.parametrize("fam", DISPATCH)
def test_env_forces_a_form(fam):
    portable = _portable(fam)
    code = f"from hashbench import native; print(native.active_impl({fam!r}))"
    for want, got in ((f"{fam}={portable}", portable), (f"other=x,{fam}=no-such-form", native.runnable_impls(fam)[0])):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env={**os.environ, "HASHBENCH_IMPL": want}, check=True)
        assert r.stdout.strip() == got, want


def test_sha2_each_width_runs_the_form_reported():
    """SHA-256 and SHA-512 are chosen apart (shani speeds up the one, avx2
    the other): for every forced form and the automatic choice, the kernel
    the library runs for each algorithm is the one host_impl reports."""
    of = native.lib().hb_sha2_impl_of
    of.restype, of.argtypes = ctypes.c_char_p, [ctypes.c_uint]
    run = native.runnable_impls("sha2")
    seen = set()
    try:
        for form in [*run, None]:
            assert native.set_impl("sha2", form)
            for name in _users("sha2"):
                bits = 512 if native.find(name).block_size == 128 else 256
                ran = of(bits).decode()
                assert host_impl(name) == ran, (form, name)
                seen.add((bits, ran))
            if form is None:
                # automatically, each width runs the first runnable form that speeds it up
                f = impls.families()["sha2"]
                for bits, algo in ((256, "sha256"), (512, "sha512")):
                    want = next(m for m in run if not f.impls[m].only or algo in f.impls[m].only)
                    assert of(bits).decode() == want
    finally:
        native.set_impl("sha2", None)
    # the portable form ran both widths, and each width's kernel ran where the CPU has it
    assert {(256, "unrolled"), (512, "unrolled")} <= seen
    assert ("avx2" not in run) or (512, "avx2") in seen
    assert ("shani" not in run) or (256, "shani") in seen


# ---- BLAKE3: every kernel against the portable form ---------------------------

#: the input lengths of the BLAKE3 team's test_vectors.json (tests/vectors/
#: blake3.kat holds their digests), then lengths whose trees need the wide
#: path's subtrees of every size, the kept-back last chunk and the stack
B3_LENGTHS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 2048, 2049,
              3072, 3073, 4096, 4097, 5120, 5121, 6144, 6145, 7168, 7169, 8192, 8193, 16384, 31744,
              102400) + (2 * 1024 + 1, 17 * 1024, 129 * 1024 + 64, 300 * 1024 + 5, (1 << 20) + 1)
B3_KEY = bytes(range(32))
B3_MODES = {"hash": {}, "keyed": {"key": B3_KEY}, "derive": {"customization": b"hashbench 2026 kernels"}}


def _b3_digests(form: str, splits) -> dict:
    """blake3 under `form`: one-shot and streamed in pieces of the given
    sizes (cycled), every mode, 131 output bytes (three output blocks)."""
    import hashbench

    assert native.set_impl("blake3", form) and native.active_impl("blake3") == form
    msg = kat.pattern(max(B3_LENGTHS))
    out = {}
    for mode, kw in B3_MODES.items():
        for n in B3_LENGTHS:
            out[mode, n, "one"] = hashbench.new("blake3", msg[:n], **kw).digest(131)
            h, pos, i = hashbench.new("blake3", **kw), 0, 0
            while pos < n:
                step = splits[i % len(splits)]
                h.update(msg[pos:pos + step])
                pos, i = pos + step, i + 1
            out[mode, n, "split"] = h.digest(131)
    return out


@pytest.mark.skipif("blake3" not in DISPATCH, reason="blake3 has no host dispatch")
def test_blake3_kernels_match_portable():
    # pieces that start the wide path off a chunk boundary, mid-block and
    # on odd subtree alignments
    splits = (1, 1000, 64, 3 * 1024 + 7, 63, 40 * 1024 - 1, 2048)
    try:
        want = _b3_digests("unrolled", splits)
        forms = [f for f in native.runnable_impls("blake3") if f != "unrolled"]
        for form in forms:
            got = _b3_digests(form, splits)
            bad = [k for k in want if got[k] != want[k]]
            assert not bad, f"blake3/{form} differs from unrolled at {bad[:5]}"
    finally:
        native.set_impl("blake3", None)
    print(f"blake3: {', '.join(forms)} equal to unrolled")
    assert forms or not native.runnable_impls("blake3")[:-1]


def test_blake3_pattern_vectors_cover_wide_path():
    # the official vectors reach the lengths where the wide path starts
    # (more than two whole chunks), so the KATs above test it on every form
    lens = {len(kat.message(r["msg"])) for r in kat.records("blake3")}
    assert {3073, 8193, 31744, 102400} <= lens


# ---- JH: every E8 kernel against the portable form ------------------------------

@pytest.mark.skipif("jh" not in DISPATCH, reason="jh has no host dispatch")
def test_jh_kernels_match_portable_and_share_the_state():
    """Each JH kernel equals `unrolled` at every length around one to four
    blocks (one or two padding blocks) and on a long message, and a context
    changing form between updates gives the same digest: every form keeps
    H as the same 16 little-endian words (src/algos/jh/jh.h)."""
    import hashbench

    lengths = list(range(0, 260)) + [4096, 65536 + 17]
    msg = kat.pattern(max(lengths))
    forms = native.runnable_impls("jh")
    try:
        assert native.set_impl("jh", "unrolled")
        want = {(b, n): hashbench.new(f"jh_{b}", msg[:n]).digest() for b in (224, 512) for n in lengths}
        for form in forms:
            assert native.set_impl("jh", form) and native.active_impl("jh") == form
            bad = [k for k in want if hashbench.new(f"jh_{k[0]}", msg[:k[1]]).digest() != want[k]]
            assert not bad, f"jh/{form} differs from unrolled at (bits, length) {bad[:5]}"
        # one message, a different form for each piece (and for the padding)
        h = hashbench.new("jh_512")
        for i, pos in enumerate(range(0, 4096, 1000)):
            assert native.set_impl("jh", forms[i % len(forms)])
            h.update(msg[pos:min(pos + 1000, 4096)])
        assert native.set_impl("jh", forms[-2] if len(forms) > 1 else forms[0])
        assert h.digest() == want[512, 4096]
    finally:
        native.set_impl("jh", None)
    print(f"jh: {', '.join(forms)} equal to unrolled")
# ---- CubeHash: every kernel against the portable form --------------------------

CUBEHASH = ("cubehash_224", "cubehash_256", "cubehash_384", "cubehash_512")
#: every length to 400 B (every position of the padding's 0x80 in its
#: block, up to a dozen blocks), around 1 KiB, and two long ones
CH_LENGTHS = sorted(set(range(0, 401)) | {1023, 1024, 1025, 4096 + 17, 65536 + 3})


def _digests(family: str, algos: tuple[str, ...], lengths: list[int], steps: tuple[int, ...], form: str) -> dict:
    """Every algorithm of the family at every length under one form, in one call and in
    pieces of the sizes `steps` in turn (so that pieces straddle every block boundary)."""
    import hashbench

    assert native.set_impl(family, form) and native.active_impl(family) == form
    msg = kat.pattern(max(lengths))
    out = {}
    for algo in algos:
        for n in lengths:
            out[algo, n, "one"] = hashbench.new(algo, msg[:n]).digest()
            h, pos, i = hashbench.new(algo), 0, 0
            while pos < n:
                step = steps[i % len(steps)]
                h.update(msg[pos:min(n, pos + step)])
                pos, i = pos + step, i + 1
            out[algo, n, "split"] = h.digest()
    return out


def _kernels_match_portable(family: str, algos: tuple[str, ...], lengths: list[int], steps: tuple[int, ...]) -> None:
    portable = _portable(family)
    forms = [f for f in native.runnable_impls(family) if f != portable]
    try:
        want = _digests(family, algos, lengths, steps, portable)
        for form in forms:
            got = _digests(family, algos, lengths, steps, form)
            bad = [k for k in want if got[k] != want[k]]
            assert not bad, f"{family}/{form} differs from {portable} at {bad[:5]}"
    finally:
        native.set_impl(family, None)
    print(f"{family}: {', '.join(forms) or 'no other form'} equal to {portable}")


@pytest.mark.skipif("cubehash" not in DISPATCH, reason="cubehash has no host dispatch")
def test_cubehash_kernels_match_portable():
    _kernels_match_portable("cubehash", CUBEHASH, CH_LENGTHS, (7, 61))   # 7, 61: every offset in a block


@pytest.mark.skipif("cubehash" not in DISPATCH, reason="cubehash has no host dispatch")
def test_cubehash_bare_kernels_agree_and_share_the_state():
    """hb_cubehash_compress and hb_cubehash_rounds of every form on random
    states (no message reaches most of them) and round counts, and one
    message whose pieces and final each run a different form: every form
    keeps the state as the same 32 words (src/algos/cubehash/cubehash.h)."""
    import random

    import hashbench

    lib = native.lib()
    comp, rounds = lib.hb_cubehash_compress, lib.hb_cubehash_rounds
    comp.restype = rounds.restype = None
    comp.argtypes = [ctypes.POINTER(ctypes.c_uint32), ctypes.c_char_p, ctypes.c_size_t]
    rounds.argtypes = [ctypes.POINTER(ctypes.c_uint32), ctypes.c_uint]
    portable = _portable("cubehash")
    forms = native.runnable_impls("cubehash")
    rng = random.Random(18)
    cases = [(_words(rng, 32), rng.randbytes(32 * nb), nb, nr) for nb, nr in ((1, 2), (2, 16), (5, 160), (0, 4))]
    msg = kat.pattern(5000)
    try:
        for state, blocks, nb, nr in cases:
            assert native.set_impl("cubehash", portable)
            want = (ctypes.c_uint32 * 32)(*state)
            comp(want, blocks, nb)
            rounds(want, nr)
            for form in forms:
                assert native.set_impl("cubehash", form)
                got = (ctypes.c_uint32 * 32)(*state)
                comp(got, blocks, nb)
                rounds(got, nr)
                assert list(got) == list(want), f"cubehash/{form}: {nb} blocks, {nr} rounds"
        assert native.set_impl("cubehash", portable)
        ref = hashbench.new("cubehash_512", msg).digest()
        h = hashbench.new("cubehash_512")
        for i, pos in enumerate(range(0, len(msg), 999)):
            assert native.set_impl("cubehash", forms[i % len(forms)])
            h.update(msg[pos:pos + 999])
        assert native.set_impl("cubehash", forms[0] if forms[0] != forms[-1] else portable)
        assert h.digest() == ref
    finally:
        native.set_impl("cubehash", None)


# ---- SIMD: every compression kernel against the portable form ------------------

SIMD = ("simd_224", "simd_256", "simd_384", "simd_512")
#: every length to 400 B (every fill of the last block, one to four 128-byte
#: blocks), around 1 KiB, and two long ones
SIMD_LENGTHS = sorted(set(range(0, 401)) | {1023, 1024, 1025, 4096 + 17, 65536 + 3})


@pytest.mark.skipif("simd" not in DISPATCH, reason="simd has no host dispatch")
def test_simd_kernels_match_portable():
    _kernels_match_portable("simd", SIMD, SIMD_LENGTHS, (61,))


@pytest.mark.skipif("simd" not in DISPATCH, reason="simd has no host dispatch")
def test_simd_bare_kernels_agree_and_share_the_state():
    """hb_simd_block of every form on random states and on the blocks at
    the ends of the NTT's input range (all zero, all 0xff), final flag or
    not, both lane counts; and one message whose pieces and final each run
    a different form: every form keeps the state as the same S[4][8] words
    (src/algos/simd/simd.h)."""
    import random

    import hashbench

    blk = native.lib().hb_simd_block
    blk.restype = None
    blk.argtypes = [ctypes.POINTER(ctypes.c_uint32), ctypes.c_char_p, ctypes.c_uint, ctypes.c_int]
    portable = _portable("simd")
    forms = native.runnable_impls("simd")
    rng = random.Random(19)
    blocks = [bytes(128), bytes([255]) * 128] + [rng.randbytes(128) for _ in range(6)]
    cases = [(_words(rng, 32), m, n, final) for m in blocks for n in (4, 8) for final in (0, 1)]
    msg = kat.pattern(5000)
    try:
        for state, m, n, final in cases:
            assert native.set_impl("simd", portable)
            want = (ctypes.c_uint32 * 32)(*state)
            blk(want, m, n, final)
            for form in forms:
                assert native.set_impl("simd", form)
                got = (ctypes.c_uint32 * 32)(*state)
                blk(got, m, n, final)
                assert list(got) == list(want), f"simd/{form}: n = {n}, final = {final}, block {m[:4].hex()}..."
        for algo in ("simd_256", "simd_512"):
            assert native.set_impl("simd", portable)
            ref = hashbench.new(algo, msg).digest()
            h = hashbench.new(algo)
            for i, pos in enumerate(range(0, len(msg), 999)):
                assert native.set_impl("simd", forms[i % len(forms)])
                h.update(msg[pos:pos + 999])
            assert native.set_impl("simd", forms[0] if forms[0] != forms[-1] else portable)
            assert h.digest() == ref, algo
    finally:
        native.set_impl("simd", None)


# ---- AES-NI: ECHO, SHAvite-3 and Groestl against their portable forms ---------

AES_FAMILIES = {"echo": ("echo_224", "echo_256", "echo_384", "echo_512"),
                "shavite3": ("shavite3_224", "shavite3_256", "shavite3_384", "shavite3_512"),
                "groestl": ("groestl_224", "groestl_256", "groestl_384", "groestl_512")}
#: around every block boundary of both widths (64/128/192 bytes) up to
#: three blocks, the lengths where padding takes a second block, and a
#: long message
AES_LENGTHS = sorted(set(range(0, 400)) | {511, 512, 513, 1023, 1024, 1025, 4096 + 17, 65536 + 3})


def _aes_digests(fam: str, form: str) -> dict:
    import hashbench

    assert native.set_impl(fam, form) and native.active_impl(fam) == form
    msg = kat.pattern(max(AES_LENGTHS))
    out = {}
    for algo in AES_FAMILIES[fam]:
        for n in AES_LENGTHS:
            out[algo, n, "one"] = hashbench.new(algo, msg[:n]).digest()
            h = hashbench.new(algo)
            for pos in range(0, n, 61):  # pieces that straddle every block boundary
                h.update(msg[pos:min(n, pos + 61)])
            out[algo, n, "split"] = h.digest()
    return out


@pytest.mark.parametrize("fam", [f for f in AES_FAMILIES if f in DISPATCH])
def test_aes_kernels_match_portable(fam):
    portable = _portable(fam)
    try:
        want = _aes_digests(fam, portable)
        forms = [f for f in native.runnable_impls(fam) if f != portable]
        for form in forms:
            got = _aes_digests(fam, form)
            bad = [k for k in want if got[k] != want[k]]
            assert not bad, f"{fam}/{form} differs from {portable} at {bad[:5]}"
    finally:
        native.set_impl(fam, None)
    print(f"{fam}: {', '.join(forms) or 'no other form'} equal to {portable}")


def _words(rng, n: int, special=()) -> ctypes.Array:
    return (ctypes.c_uint32 * n)(*[special[i] if i < len(special) else rng.getrandbits(32) for i in range(n)])


#: 128-bit counters (32-bit words, least significant first): random, and
#: those whose increments inside ECHO's sixteen words carry across 32, 64
#: and 96 bits, and the all-ones wrap
AES_COUNTERS = ((), (0xfffffff8, 5, 6, 7), (0xfffffff8, 0xffffffff, 6, 7),
                (0xfffffff8, 0xffffffff, 0xffffffff, 7), (0xfffffff1, 0xffffffff, 0xffffffff, 0xffffffff),
                (0, 0, 0, 0))


@pytest.mark.skipif("echo" not in DISPATCH, reason="echo has no host dispatch")
def test_echo_compress_forms_agree():
    """The bare compression, over random states and blocks and counters
    the messages of a test cannot reach (carries above 2^64 bits)."""
    import random

    fn = native.lib().hb_echo_compress
    fn.restype = None
    fn.argtypes = [ctypes.POINTER(ctypes.c_uint32), ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint32)]
    rng = random.Random(18)
    cases = [(big, rng.getrandbits(32 * 32), rng.randbytes(192), cnt) for big in (0, 1) for cnt in AES_COUNTERS
             for _ in range(3)]
    results: dict[str, list] = {}
    try:
        for form in native.runnable_impls("echo"):
            assert native.set_impl("echo", form)
            res = []
            for big, v, blk, cnt in cases:
                V = (ctypes.c_uint32 * 32)(*[(v >> (32 * i)) & 0xffffffff for i in range(32)])
                k = _words(random.Random(len(res)), 4, cnt)
                fn(V, big, blk, k)
                res.append((list(V), list(k)))
            results[form] = res
    finally:
        native.set_impl("echo", None)
    portable = _portable("echo")
    ref = results.pop(portable)
    for form, res in results.items():
        assert res == ref, f"echo/{form}: compression differs from {portable}"
    # the compression changed its input, so the comparison had something to compare
    assert ref[0][0] != [(cases[0][1] >> (32 * i)) & 0xffffffff for i in range(32)]


@pytest.mark.skipif("shavite3" not in DISPATCH, reason="shavite3 has no host dispatch")
def test_shavite3_compress_forms_agree():
    """The bare C256 and C512 of every form, over random chaining values,
    blocks and counters."""
    import random

    lib = native.lib()
    rng = random.Random(12)
    cases = [(rng.randbytes(128), cnt) for cnt in AES_COUNTERS for _ in range(3)]
    results: dict[str, list] = {}
    try:
        for form in native.runnable_impls("shavite3"):
            assert native.set_impl("shavite3", form)
            res = []
            for width, words in ((256, 8), (512, 16)):
                fn = getattr(lib, f"hb_shavite3_c{width}")
                fn.restype = None
                fn.argtypes = [ctypes.POINTER(ctypes.c_uint32), ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint32)]
                for blk, cnt in cases:
                    h = _words(random.Random(len(res)), words)
                    fn(h, blk, _words(random.Random(-len(res)), 4, cnt))
                    res.append(list(h))
            results[form] = res
    finally:
        native.set_impl("shavite3", None)
    portable = _portable("shavite3")
    ref = results.pop(portable)
    for form, res in results.items():
        assert res == ref, f"shavite3/{form}: compression differs from {portable}"
    # the compression changed its input, so the comparison had something to compare
    assert ref[0] != list(_words(random.Random(0), 8))


@pytest.mark.skipif("groestl" not in DISPATCH, reason="groestl has no host dispatch")
def test_groestl_compress_forms_agree_and_share_the_state():
    """The bare compressions of every form over random chaining values and
    runs of 1 to 5 blocks (the aesni form keeps h in registers across a
    run), and one message whose pieces, padding and output each run under a
    different form: every form keeps the state as the column forms do."""
    import random

    import hashbench

    lib = native.lib()
    rng = random.Random(18)
    cases = [(bits, rng.randbytes(bits // 8), rng.randbytes(bits // 8 * n)) for bits in (512, 1024)
             for n in (1, 2, 5)]
    forms = native.runnable_impls("groestl")
    results: dict[str, list] = {}
    msg = kat.pattern(5000)
    try:
        for form in forms:
            assert native.set_impl("groestl", form)
            res = []
            for bits, h0, blocks in cases:
                fn = getattr(lib, f"hb_groestl{bits}_compress")
                fn.restype = None
                fn.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
                h = ctypes.create_string_buffer(h0, len(h0))
                fn(h, blocks, len(blocks) // (bits // 8))
                res.append(h.raw)
            results[form] = res
        assert native.set_impl("groestl", _portable("groestl"))
        want = {b: hashbench.new(f"groestl_{b}", msg).digest() for b in (256, 512)}
        for b in (256, 512):
            h = hashbench.new(f"groestl_{b}")
            for i, pos in enumerate(range(0, len(msg), 777)):
                assert native.set_impl("groestl", forms[i % len(forms)])
                h.update(msg[pos:pos + 777])
            assert native.set_impl("groestl", forms[0])
            assert h.digest() == want[b], f"groestl_{b}: a context changing form differs"
    finally:
        native.set_impl("groestl", None)
    portable = _portable("groestl")
    ref = results.pop(portable)
    for form, res in results.items():
        assert res == ref, f"groestl/{form}: compression differs from {portable}"
    # the compression changed its input, so the comparison had something to compare
    assert ref[0] != cases[0][1]
# ---- K12: every leaf kernel against the serial form ---------------------------

#: lengths of S = M || C || length_encode(|C|) around leaf boundaries: one
#: leaf, 2 (the first hb_kt_leaves call), 4 and 8 (one batch of a kernel),
#: 12 (8 then 4), 16 (a whole HB_KT_MANY batch) and beyond, with leftovers
#: of every kind (serial leaves after the SIMD ones, a partial last leaf)
KT_LEAF = 8192
KT_LENGTHS = (0, 1, 8191, 8192, 8193, 2 * KT_LEAF, 2 * KT_LEAF + 1, 3 * KT_LEAF - 1, 3 * KT_LEAF + 1,
              5 * KT_LEAF + 7, 7 * KT_LEAF - 3, 9 * KT_LEAF + 1, 13 * KT_LEAF + 5, 17 * KT_LEAF - 1,
              17 * KT_LEAF + 1, 21 * KT_LEAF + 8191, 40 * KT_LEAF + 3)
KT_CUSTOM = (b"", b"hashbench")


def _kt_digests(name: str, form: str, splits) -> dict:
    """`name` under the leaf kernel `form`: one-shot and streamed in pieces
    of the given sizes (cycled), 100 output bytes."""
    import hashbench

    assert native.set_impl("k12", form) and native.active_impl("k12") == form
    msg = kat.pattern(max(KT_LENGTHS))
    out = {}
    for c in KT_CUSTOM:
        for n in KT_LENGTHS:
            m = msg[:n]
            out[c, n, "one"] = hashbench.new(name, m, customization=c).digest(100)
            h, pos, i = hashbench.new(name, customization=c), 0, 0
            while pos < n:
                step = splits[i % len(splits)]
                h.update(m[pos:pos + step])
                pos, i = pos + step, i + 1
            out[c, n, "split"] = h.digest(100)
    return out


@pytest.mark.skipif("k12" not in DISPATCH, reason="k12 has no host dispatch")
@pytest.mark.parametrize("name", ["kt128", "kt256"])
def test_k12_leaf_kernels_match_serial(name):
    # pieces that reach a leaf boundary after S_0 (so that whole leaves
    # then arrive together), start off it, and span 1 to 9 leaves
    splits = (KT_LEAF + 100, KT_LEAF - 100, 3 * KT_LEAF + 5, 1, 9 * KT_LEAF - 5, 40000, 2 * KT_LEAF)
    try:
        want = _kt_digests(name, "serial", splits)
        forms = [f for f in native.runnable_impls("k12") if f != "serial"]
        for form in forms:
            got = _kt_digests(name, form, splits)
            bad = [k[1:] for k in want if got[k] != want[k]]
            assert not bad, f"{name} k12/{form} differs from serial at {bad[:5]}"
    finally:
        native.set_impl("k12", None)
    if name == "kt128":
        # and the serial form against an independent implementation
        from Crypto.Hash import KangarooTwelve

        msg = kat.pattern(max(KT_LENGTHS))
        for (c, n, _), d in want.items():
            assert d == KangarooTwelve.new(data=msg[:n], custom=c).read(100), (c, n)
    print(f"{name}: k12 {', '.join(forms)} equal to serial")
    assert forms or not native.runnable_impls("k12")[:-1]


def test_kt_vectors_cover_leaf_kernels():
    # the RFC 9861 patterns reach 8 leaves and more after S_0, so the KATs
    # above run every kernel's full batches
    for name in ("kt128", "kt256"):
        lens = {len(kat.message(r["msg"])) for r in kat.records(name)}
        assert max(lens) > 9 * KT_LEAF and 83521 in lens, name


#: around CMAC's 16-byte blocks (empty, partial and whole last blocks, which
#: take K2 or K1) up to several blocks, and long runs of whole blocks
CMAC_LENGTHS = sorted(set(range(0, 100)) | {127, 128, 129, 1023, 1024, 1025, 4096 + 15, 65536})


def _cmac_tags(form: str, keys, msg: bytes) -> dict:
    import hashbench

    assert native.set_impl("cmac", form) and native.active_impl("cmac") == form
    out = {}
    for key in keys:
        for n in CMAC_LENGTHS:
            out[key, n, "one"] = hashbench.new("aes128_cmac", msg[:n], key=key).digest()
            h = hashbench.new("aes128_cmac", key=key)
            for pos in range(0, n, 23):  # pieces that straddle every block boundary
                h.update(msg[pos:min(n, pos + 23)])
            out[key, n, "split"] = h.digest()
    return out


@pytest.mark.skipif("cmac" not in DISPATCH, reason="cmac has no host dispatch")
def test_cmac_kernels_match_portable_and_share_the_key():
    """Every runnable block-cipher form gives the portable form's tags over
    keys whose schedules exercise every Rcon and S-box corner, and a context
    keyed under one form finishes under another (the schedule is shared)."""
    import random

    import hashbench

    rng = random.Random(18)
    keys = [bytes(16), b"\xff" * 16, bytes(range(16))] + [rng.randbytes(16) for _ in range(3)]
    msg = kat.pattern(max(CMAC_LENGTHS))
    portable = _portable("cmac")
    forms = []
    try:
        want = _cmac_tags(portable, keys, msg)
        forms = [f for f in native.runnable_impls("cmac") if f != portable]
        for form in forms:
            got = _cmac_tags(form, keys, msg)
            bad = [k[1:] for k in want if got[k] != want[k]]
            assert not bad, f"cmac/{form} differs from {portable} at {bad[:5]}"
            for first, second in ((form, portable), (portable, form)):
                assert native.set_impl("cmac", first)
                h = hashbench.new("aes128_cmac", msg[:100], key=keys[5])
                assert native.set_impl("cmac", second)
                h.update(msg[100:1025])
                assert h.digest() == want[keys[5], 1025, "one"], f"keyed under {first}, finished under {second}"
    finally:
        native.set_impl("cmac", None)
    print(f"cmac: {', '.join(forms) or 'no other form'} equal to {portable}")
