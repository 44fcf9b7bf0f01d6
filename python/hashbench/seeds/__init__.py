"""Regenerating the five seed studies' tables from hashbench's own
measurements, printed beside the published figures (shared/seeds/).
The published figures are data in seeds/data/*.json, each with its source."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return data
