"""hashbench: every hash and MAC for constrained systems, KAT-verified, in one
portable C library, with a benchmark engine for the host and simulated CPUs.

    >>> import hashbench
    >>> hashbench.new("sha3_256", b"abc").hexdigest()[:16]
    '3a985da74fe225b2'
"""
from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from . import native as _native
from .core import HMAC, Hash, UnknownAlgorithm, compare_digest, lookup

if TYPE_CHECKING:
    from typing_extensions import Buffer

__version__ = "0.1.0"
__all__ = ["new", "algorithms", "info", "hmac", "mac", "compare_digest", "Hash", "HMAC",
           "UnknownAlgorithm", "__version__"]


def algorithms() -> list[str]:
    """Canonical names of every registered algorithm, in registry order."""
    return list(_native.registry())


class AlgoInfo(TypedDict):
    name: str
    digest_size: int
    block_size: int
    ctx_size: int
    flags: list[str]
    max_key: int | None  # None: a key of any length


def info(name: str) -> AlgoInfo:
    """Descriptor of one algorithm: sizes and flags."""
    a = lookup(name)
    return {"name": a.name.decode(), "digest_size": a.digest_size, "block_size": a.block_size,
            "ctx_size": a.ctx_size, "flags": _native.flag_list(a.flags),
            "max_key": None if a.max_key == 0xFFFF else a.max_key}


def new(name: str, data: Buffer = b"", *, key: Buffer | None = None, digest_size: int | None = None,
        customization: Buffer | None = None, salt: Buffer | None = None, person: Buffer | None = None) -> Hash | HMAC:
    """A hashlib-style object for any registered algorithm.  `hmac_<hash>`
    works for every fixed-length hash, registered or not."""
    a = _native.find(name)
    if a is None and name.lower().replace("-", "_").startswith("hmac_"):
        if key is None:
            raise ValueError(f"{name} is a MAC: a key is required")
        h = HMAC(name[5:], key)
        if data:
            h.update(data)
        return h
    if a is None:
        raise UnknownAlgorithm(name)
    return Hash(name, data, key=key, digest_size=digest_size, customization=customization,
                salt=salt, person=person, _algo=a)


def hmac(hash_name: str, key: Buffer | None, data: Buffer) -> bytes:
    """HMAC-<hash_name>(key, data) as bytes."""
    return HMAC(hash_name, key, data).digest()


def mac(name: str, key: Buffer | None, data: Buffer, length: int | None = None,
        customization: Buffer | None = None) -> bytes:
    """The one MAC entry point: `hmac_<hash>`, `kmac128`/`kmac256`, keyed
    `blake2s`/`blake2b`/`blake3`, Skein-MAC (`skein512_256`, ...)."""
    if key is None:
        raise ValueError("a MAC needs a key")
    n = name.lower().replace("-", "_")
    if n.startswith("hmac_") and _native.find(name) is None:
        if length not in (None, HMAC(n[5:], key).digest_size):
            raise ValueError(f"{name} has a fixed tag length")
        return hmac(n[5:], key, data)
    a = lookup(name)
    if not a.flags & (_native.HB_KEYED | _native.HB_MAC):
        raise ValueError(f"{a.name.decode()} is not a MAC and takes no key; "
                         f"use hmac_{a.name.decode()}")
    xof = bool(a.flags & _native.HB_XOF)
    h = Hash(name, data, key=key, digest_size=None if xof else length, customization=customization, _algo=a)
    return h.digest(length) if xof else h.digest()
