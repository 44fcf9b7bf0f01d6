"""CAN-bus message authentication with the hashbench MACs: frame encoding
(classic CAN and CAN FD), seed 000's scheme and SecOC-style profiles,
a bus simulation on python-can's virtual bus with a monitor and an
attacker, and the worst-case timing model (Davis et al. 2007)."""
from __future__ import annotations

from .frames import FrameError, make, validate
from .profiles import (
    MACS,
    PROFILES,
    FreshnessExhausted,
    Profile,
    ProfileError,
    RxMessage,
    Sender,
    Verdict,
    Verifier,
    get_profile,
)

__all__ = ["FrameError", "make", "validate", "MACS", "PROFILES", "FreshnessExhausted", "Profile",
           "ProfileError", "RxMessage", "Sender", "Verdict", "Verifier", "get_profile"]
