"""ctypes binding of the C library (the _native*.so built by pip).

The registry, the implementation switches, HMAC and hb_ct_equal cross the
boundary here; the hashlib-style objects are the same file's CPython entry
points (_native_module.c, hashbench.core), with hashbench.core.CtypesHash
as their equivalent over this binding."""
from __future__ import annotations

import ctypes
import os
from collections.abc import Callable
from functools import cache

HB_XOF = 0x01
HB_KEYED = 0x02
HB_KEY_REQUIRED = 0x04
HB_CUSTOM = 0x08
HB_VAROUT = 0x10
HB_SALT = 0x20
HB_MAC = 0x40

FLAG_NAMES = {HB_XOF: "xof", HB_KEYED: "keyed", HB_KEY_REQUIRED: "key_required",
              HB_CUSTOM: "custom", HB_VAROUT: "varout", HB_SALT: "salt", HB_MAC: "mac"}

ERRORS = {-1: "key", -2: "outlen", -3: "param", -4: "name"}


class Params(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char_p), ("key_len", ctypes.c_size_t),
                ("custom", ctypes.c_char_p), ("custom_len", ctypes.c_size_t),
                ("salt", ctypes.c_char_p), ("salt_len", ctypes.c_size_t),
                ("pers", ctypes.c_char_p), ("pers_len", ctypes.c_size_t),
                ("out_len", ctypes.c_size_t)]


InitFn = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(Params))
UpdateFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t)
FinalFn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)


class Algo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("digest_size", ctypes.c_uint16),
                ("block_size", ctypes.c_uint16), ("ctx_size", ctypes.c_uint16),
                ("flags", ctypes.c_uint16), ("max_key", ctypes.c_uint16),
                ("init", InitFn), ("update", UpdateFn), ("final", FinalFn)]


def _find_library() -> str:
    env = os.environ.get("HASHBENCH_LIB")
    if env:
        return env
    # the very file Python imported as the extension: the library's state
    # (the implementation each dispatch runs, hb_<family>_impl_set) is then
    # one for ctypes and for the C entry points of hashbench.core
    try:
        from . import _native
    except ImportError:
        raise ImportError("hashbench: the C library is not built; run `make setup` "
                          "(or `pip install -e .` from the repository)") from None
    path = _native.__file__
    assert path is not None  # an extension module is always a file
    return path


@cache
def lib() -> ctypes.CDLL:
    L = ctypes.CDLL(_find_library())
    L.hb_count.restype = ctypes.c_size_t
    L.hb_at.restype = ctypes.POINTER(Algo)
    L.hb_at.argtypes = [ctypes.c_size_t]
    L.hb_find.restype = ctypes.POINTER(Algo)
    L.hb_find.argtypes = [ctypes.c_char_p]
    L.hb_hmac_ctx_size.restype = ctypes.c_size_t
    L.hb_hmac_init.argtypes = [ctypes.c_void_p, ctypes.POINTER(Algo), ctypes.c_char_p, ctypes.c_size_t]
    L.hb_hmac_update.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    L.hb_hmac_final.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    L.hb_ct_equal.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    return L


@cache
def registry() -> dict[str, Algo]:
    L = lib()
    out: dict[str, Algo] = {}
    for i in range(L.hb_count()):
        a = L.hb_at(i).contents
        out[a.name.decode()] = a
    return out


def find(name: str) -> Algo | None:
    p = lib().hb_find(name.encode())
    if not p:
        return None
    a: Algo = p.contents
    return a


def flag_list(flags: int) -> list[str]:
    return [n for bit, n in FLAG_NAMES.items() if flags & bit]


# ---- the host's run-time choice of implementation ---------------------------
# A family whose host build is a dispatch (impls.toml `host`, src/common/
# hb_dispatch.h) exports hb_<family>_impl() and hb_<family>_impl_set().

def _impl_fns(family: str) -> tuple[Callable[[], bytes], Callable[[bytes | None], int]] | None:
    L = lib()
    try:
        get, put = getattr(L, f"hb_{family}_impl"), getattr(L, f"hb_{family}_impl_set")
    except AttributeError:
        return None
    get.restype, get.argtypes = ctypes.c_char_p, []
    put.restype, put.argtypes = ctypes.c_int, [ctypes.c_char_p]
    return get, put


def active_impl(family: str) -> str | None:
    """The implementation of `family` the library runs now (None: the
    family has no run-time choice in this build)."""
    f = _impl_fns(family)
    return f[0]().decode() if f else None


def set_impl(family: str, name: str | None) -> bool:
    """Run `name` for `family` from now on (None: the automatic choice).
    False if this CPU cannot run it or the build has no such form."""
    f = _impl_fns(family)
    if f is None:
        return False
    return f[1](name.encode() if name else None) == 0


def runnable_impls(family: str) -> list[str]:
    """The forms of `family` this build links and this CPU can run, fastest
    first; the active one restored afterwards."""
    from . import impls
    f = _impl_fns(family)
    if f is None:
        return []
    now = active_impl(family)
    out = [m for m in impls.dispatch_members(family) if set_impl(family, m)]
    set_impl(family, now)
    return out
