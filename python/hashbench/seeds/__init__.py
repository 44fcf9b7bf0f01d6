"""Regenerating the five seed studies' tables from hashbench's own
measurements, printed beside the published figures (shared/seeds/).
The published figures are data in seeds/data/*.json, each with its source."""
import json
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def load(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())
