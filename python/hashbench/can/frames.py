"""CAN frame encoding: classic CAN (ISO 11898-1 data frames, DLC 0..8) and
CAN FD (DLC 0..15 -> 0..8, 12, 16, 20, 24, 32, 48, 64 bytes), as
python-can `can.Message` objects.

Every check raises FrameError with a message that says what is wrong; the
monitor turns it into a counted, logged reject instead of stopping."""
from __future__ import annotations

import can

# ISO 11898-1:2015 Table 5: CAN FD data length per DLC value
FD_LENGTHS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 48, 64)
MAX_STD_ID = 0x7FF
MAX_EXT_ID = 0x1FFFFFFF


class FrameError(ValueError):
    """A frame that cannot be built or does not match what is expected."""


def dlc_for(length: int, fd: bool) -> int:
    """The DLC of a payload of exactly `length` bytes."""
    if fd:
        if length not in FD_LENGTHS:
            raise FrameError(f"{length} bytes is not a CAN FD data length "
                             f"(one of {', '.join(map(str, FD_LENGTHS))})")
        return FD_LENGTHS.index(length)
    if not 0 <= length <= 8:
        raise FrameError(f"{length} bytes does not fit a classic CAN frame (0..8)")
    return length


def fd_padded_length(length: int) -> int:
    """The shortest CAN FD data length that holds `length` bytes."""
    for n in FD_LENGTHS:
        if n >= length:
            return n
    raise FrameError(f"{length} bytes does not fit a CAN FD frame (at most 64)")


def check_id(can_id: int, extended: bool) -> None:
    top = MAX_EXT_ID if extended else MAX_STD_ID
    if not isinstance(can_id, int) or not 0 <= can_id <= top:
        raise FrameError(f"CAN ID {can_id!r} out of range for a {'29' if extended else '11'}-bit "
                         f"identifier (0..0x{top:X})")


def make(can_id: int, data: bytes, *, extended: bool = False, fd: bool = False,
         timestamp: float = 0.0) -> can.Message:
    """A data frame; CAN FD frames are sent with bit-rate switching."""
    check_id(can_id, extended)
    data = bytes(data)
    dlc_for(len(data), fd)
    # python-can keeps the length in bytes in .dlc (the 4-bit code is
    # can.util.len2dlc of it)
    return can.Message(arbitration_id=can_id, is_extended_id=extended, data=data, dlc=len(data),
                       is_fd=fd, bitrate_switch=fd, timestamp=timestamp, check=True)


def validate(msg: can.Message) -> None:
    """Reject what a CAN controller would never deliver: an ID out of range,
    a DLC that does not match the data, more than 8 bytes without FD, a
    remote or error frame where a data frame is expected."""
    if msg.is_error_frame:
        raise FrameError("error frame")
    if msg.is_remote_frame:
        raise FrameError("remote frame (no data)")
    check_id(msg.arbitration_id, msg.is_extended_id)
    n = len(msg.data)
    if msg.is_fd:
        if n not in FD_LENGTHS:
            raise FrameError(f"CAN FD frame with {n} data bytes (not a valid FD length)")
        if msg.dlc != n:
            raise FrameError(f"DLC/length mismatch: dlc field {msg.dlc}, {n} data bytes")
    else:
        if n > 8:
            raise FrameError(f"classic CAN frame with {n} data bytes (at most 8)")
        if msg.dlc != n:
            raise FrameError(f"DLC/length mismatch: dlc field {msg.dlc}, {n} data bytes")
