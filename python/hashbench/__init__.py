"""hashbench: every hash and MAC for constrained systems, KAT-verified, in one
portable C library, with a benchmark engine for the host and simulated CPUs.

    >>> import hashbench
    >>> hashbench.new("sha3_256", b"abc").hexdigest()[:16]
    '3a985da74fe225b2'
"""
from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

# not `_native`: that is the extension's name in this package, and importing
# it (core does) sets the package attribute of that name
from . import native as _ct
from .core import HMAC, Hash, UnknownAlgorithm, compare_digest, hash, lookup, new

if TYPE_CHECKING:
    from typing_extensions import Buffer

__version__ = "0.1.0"
__all__ = ["new", "hash", "algorithms", "info", "hmac", "mac", "compare_digest", "Hash", "HMAC",
           "UnknownAlgorithm", "__version__"]


def algorithms() -> list[str]:
    """Canonical names of every registered algorithm, in registry order."""
    return list(_ct.registry())


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
            "ctx_size": a.ctx_size, "flags": _ct.flag_list(a.flags),
            "max_key": None if a.max_key == 0xFFFF else a.max_key}


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
    if n.startswith("hmac_") and _ct.find(name) is None:
        if length not in (None, HMAC(n[5:], key).digest_size):
            raise ValueError(f"{name} has a fixed tag length")
        return hmac(n[5:], key, data)
    a = lookup(name)
    if not a.flags & (_ct.HB_KEYED | _ct.HB_MAC):
        raise ValueError(f"{a.name.decode()} is not a MAC and takes no key; "
                         f"use hmac_{a.name.decode()}")
    xof = bool(a.flags & _ct.HB_XOF)
    h = Hash(a.name.decode(), data, key=key, digest_size=None if xof else length, customization=customization)
    return h.digest(length) if xof else h.digest()
