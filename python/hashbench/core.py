"""hashlib-compatible hash objects over the C registry.

Hash, new() and hash() are the extension's C entry points
(_native_module.c), one C call per Python call; this module gives them
their error messages (_set_hooks) and keeps the same API over ctypes
(CtypesHash), which runs when HASHBENCH_LIB names another build of the
library (the C entry points can only run the library they are linked into)
and is the tests' reference for them."""
from __future__ import annotations

import ctypes
import os
from typing import TYPE_CHECKING

from . import native as N

if TYPE_CHECKING:
    from typing_extensions import Buffer

#: output length used when an XOF is asked for a digest without a length
#: (and by the benchmark): 32 bytes, 256 bits
XOF_DEFAULT = 32


class UnknownAlgorithm(ValueError):
    """No algorithm of that name; .suggestions lists close names."""

    def __init__(self, name: str):
        import difflib  # only on this error: not worth importing for every run
        self.name = name
        self.suggestions = difflib.get_close_matches(name.lower().replace("-", "_"),
                                                     list(N.registry()), n=5, cutoff=0.5)
        hint = f"; did you mean: {', '.join(self.suggestions)}?" if self.suggestions else ""
        super().__init__(f"unknown algorithm {name!r}{hint} (see `hashbench list`)")


def lookup(name: str) -> N.Algo:
    a = N.find(name)
    if a is None:
        raise UnknownAlgorithm(name)
    return a


def _buf(b: Buffer | str | None, what: str) -> bytes | None:
    if b is None:
        return None
    if isinstance(b, str):
        raise TypeError(f"{what} must be bytes, not str")
    return bytes(b)


def _error(code: int, a: N.Algo, key: bytes | None, digest_size: int | None, custom: bytes | None,
           salt: bytes | None, person: bytes | None) -> ValueError:
    name = a.name.decode()
    kind = N.ERRORS.get(code, "?")
    if kind == "key":
        if key is None and a.flags & N.HB_KEY_REQUIRED:
            return ValueError(f"{name} is a MAC: a key is required")
        if not a.flags & N.HB_KEYED:
            return ValueError(f"{name} takes no key")
        mk = "any length" if a.max_key == 0xFFFF else f"at most {a.max_key} bytes"
        return ValueError(f"bad key length {len(key or b'')} for {name} ({mk})")
    if kind == "outlen":
        if not a.flags & (N.HB_VAROUT | N.HB_XOF):
            return ValueError(f"{name} has a fixed digest size of {a.digest_size} bytes; "
                              f"digest_size={digest_size} is not possible")
        return ValueError(f"digest_size={digest_size} is not allowed for {name}")
    if kind == "param":
        what = [w for w, v in (("customization", custom), ("salt", salt), ("person", person)) if v]
        return ValueError(f"{name} does not accept {'/'.join(what) or 'these parameters'} "
                          f"(or a value is too long)")
    return ValueError(f"{name}: init failed ({code})")


class CtypesHash:
    """A running hash through ctypes: hashlib's interface (update, digest, hexdigest, copy,
    name, digest_size, block_size).  For an XOF, digest(length) and
    hexdigest(length) as in hashlib's SHAKE; length defaults to 32."""

    __slots__ = ("_a", "_ctx", "_params", "_keep", "name", "digest_size", "block_size", "_xof")
    _keep: object  # buffers the C side reads after the call that passed them

    def __init__(self, name: str, data: Buffer = b"", *, key: Buffer | None = None, digest_size: int | None = None,
                 customization: Buffer | None = None, salt: Buffer | None = None, person: Buffer | None = None,
                 _algo: N.Algo | None = None):
        a = _algo if _algo is not None else lookup(name)
        self._a = a
        self.name = a.name.decode()
        self.block_size = a.block_size
        self._xof = bool(a.flags & N.HB_XOF)
        key, custom = _buf(key, "key"), _buf(customization, "customization")
        salt, person = _buf(salt, "salt"), _buf(person, "person")
        if digest_size is not None:
            if not isinstance(digest_size, int) or digest_size < 1 or digest_size > 65535:
                raise ValueError(f"digest_size must be an integer in 1..65535, not {digest_size!r}")
            if self._xof:
                raise ValueError(f"{self.name} is an XOF: give the output length as digest(length) or "
                                 "hash(..., length=n), not as digest_size")
        p = N.Params()
        self._keep = (key, custom, salt, person)  # keep buffers alive for the call
        if key is not None:
            p.key, p.key_len = key, len(key)
        if custom is not None:
            p.custom, p.custom_len = custom, len(custom)
        if salt is not None:
            p.salt, p.salt_len = salt, len(salt)
        if person is not None:
            p.pers, p.pers_len = person, len(person)
        p.out_len = digest_size or 0
        self._ctx = ctypes.create_string_buffer(a.ctx_size + 16)
        rc = a.init(self._ctx, ctypes.byref(p))
        if rc:
            raise _error(rc, a, key, digest_size, custom, salt, person)
        self._params = None
        self.digest_size = 0 if self._xof else (digest_size or a.digest_size)
        # kt128/kt256 read a customisation longer than HB_KT_CUSTOM_INLINE
        # (256 bytes) from this buffer at final: keep it alive with the object
        self._keep = custom if a.flags & N.HB_CUSTOM else None
        if data:
            self.update(data)

    def update(self, data: Buffer) -> None:
        if isinstance(data, str):
            raise TypeError("Strings must be encoded before hashing")
        mv = memoryview(data)
        if not mv.c_contiguous:
            raise BufferError(f"data must be a C-contiguous buffer; this {type(data).__name__!r} is not: "
                              "pass bytes(data) or a contiguous copy")
        mv = mv.cast("B")
        b: bytes | ctypes.Array[ctypes.c_char]
        if isinstance(data, bytes):
            b = data
        elif mv.c_contiguous and not mv.readonly and len(mv):
            # a writable buffer (bytearray, a private mmap) is read in place:
            # copying a 1 GiB mapping would cost more than hashing it
            b = (ctypes.c_char * len(mv)).from_buffer(mv)
        else:
            b = mv.tobytes()
        self._a.update(self._ctx, b, len(mv))
        del b

    def _final(self, n: int) -> bytes:
        tmp = ctypes.create_string_buffer(self._ctx.raw, len(self._ctx))
        out = ctypes.create_string_buffer(max(n, 1))
        self._a.final(tmp, out, n)
        return out.raw[:n]

    def digest(self, length: int | None = None) -> bytes:
        if self._xof:
            n = XOF_DEFAULT if length is None else length
            if not isinstance(n, int) or n < 0 or n > (1 << 28):
                raise ValueError(f"length must be an integer in 0..2^28, not {length!r}")
            return self._final(n)
        if length is not None and length != self.digest_size:
            raise ValueError(f"{self.name} has a fixed digest size of {self.digest_size} bytes")
        return self._final(self.digest_size)

    def hexdigest(self, length: int | None = None) -> str:
        return self.digest(length).hex()

    def copy(self) -> CtypesHash:
        c = object.__new__(CtypesHash)
        for s in ("_a", "name", "digest_size", "block_size", "_xof"):
            setattr(c, s, getattr(self, s))
        c._params, c._keep = None, self._keep
        c._ctx = ctypes.create_string_buffer(self._ctx.raw, len(self._ctx))
        return c

    def __repr__(self) -> str:
        return f"<hashbench {self.name} object>"


class HMAC:
    """HMAC (FIPS 198-1) over any fixed-length registry hash, through the C
    library's generic HMAC context."""

    def __init__(self, hash_name: str, key: Buffer | None, data: Buffer = b""):
        h = lookup(hash_name)
        if h.flags & (N.HB_XOF | N.HB_KEYED) or h.digest_size == 0:
            raise ValueError(f"HMAC needs a fixed-length unkeyed hash; {h.name.decode()} is not one")
        k = _buf(key, "key")
        if k is None:
            raise ValueError("HMAC needs a key")
        L = N.lib()
        self._h = h
        self.name = "hmac_" + h.name.decode()
        self.digest_size = h.digest_size
        self.block_size = h.block_size
        self._ctx = ctypes.create_string_buffer(L.hb_hmac_ctx_size() + 16)
        rc = L.hb_hmac_init(self._ctx, ctypes.byref(h), k, len(k))
        if rc:
            raise ValueError(f"HMAC over {h.name.decode()} is not possible (code {rc})")
        if data:
            self.update(data)

    def update(self, data: Buffer) -> None:
        b = bytes(data)
        N.lib().hb_hmac_update(self._ctx, b, len(b))

    def digest(self) -> bytes:
        tmp = ctypes.create_string_buffer(self._ctx.raw, len(self._ctx))
        out = ctypes.create_string_buffer(self.digest_size)
        N.lib().hb_hmac_final(tmp, out)
        return out.raw

    def hexdigest(self) -> str:
        return self.digest().hex()

    def copy(self) -> HMAC:
        c = object.__new__(HMAC)
        c.__dict__.update(self.__dict__)
        c._ctx = ctypes.create_string_buffer(self._ctx.raw, len(self._ctx))
        return c


def compare_digest(a: bytes, b: bytes) -> bool:
    """Constant-time tag comparison (the C library's hb_ct_equal); unequal
    lengths compare unequal without looking at the contents."""
    a, b = bytes(a), bytes(b)
    if len(a) != len(b):
        return False
    return bool(N.lib().hb_ct_equal(a, b, len(a)))


def _unknown(name: str) -> UnknownAlgorithm:
    return UnknownAlgorithm(name)


def _init_error(name: str, code: int, key: bytes | None, digest_size: int | None, custom: bytes | None,
                salt: bytes | None, person: bytes | None) -> ValueError:
    return _error(code, lookup(name), key, digest_size, custom, salt, person)


def _fallback(name: str, data: Buffer | None, key: Buffer | None, digest_size: int | None,
              customization: Buffer | None, salt: Buffer | None, person: Buffer | None) -> HMAC:
    """A name the registry does not have: `hmac_<hash>` works for every
    fixed-length hash, registered or not; anything else is unknown."""
    if not name.lower().replace("-", "_").startswith("hmac_"):
        raise UnknownAlgorithm(name)
    if key is None:
        raise ValueError(f"{name} is a MAC: a key is required")
    h = HMAC(name[5:], key)
    if data:
        h.update(data)
    return h


def _new_ctypes(name: str, data: Buffer | None = b"", *, key: Buffer | None = None, digest_size: int | None = None,
                customization: Buffer | None = None, salt: Buffer | None = None,
                person: Buffer | None = None) -> CtypesHash | HMAC:
    a = N.find(name)
    if a is None:
        return _fallback(name, data, key, digest_size, customization, salt, person)
    return CtypesHash(name, data or b"", key=key, digest_size=digest_size, customization=customization, salt=salt,
                      person=person, _algo=a)


def _hash_ctypes(name: str, data: Buffer, *, key: Buffer | None = None, digest_size: int | None = None,
                 customization: Buffer | None = None, salt: Buffer | None = None, person: Buffer | None = None,
                 length: int | None = None) -> bytes:
    h = _new_ctypes(name, data, key=key, digest_size=digest_size, customization=customization, salt=salt,
                    person=person)
    if isinstance(h, HMAC):
        if length is not None and length != h.digest_size:
            raise ValueError(f"{name} has a fixed digest size of {h.digest_size} bytes")
        return h.digest()
    return h.digest(length)


#: the library of another build, named by HASHBENCH_LIB, runs through ctypes
CTYPES_ONLY = bool(os.environ.get("HASHBENCH_LIB"))

if TYPE_CHECKING or not CTYPES_ONLY:
    from ._native import Hash as Hash
    from ._native import _set_hooks
    from ._native import hash as hash
    from ._native import new as new
    _set_hooks(_unknown, _init_error, _fallback)
else:
    Hash, new, hash = CtypesHash, _new_ctypes, _hash_ctypes
