"""JSON text for what the server sends and stores on every move: orjson (a compiled encoder,
several times faster than the standard library's), with the standard library as the fallback
for what orjson refuses (an integer beyond 64 bits). A table's socket writes one message per
viewer per event, and its store rewrites the table's command list on every move, so this is
the server's hottest encoder."""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """Compact JSON text of `value` (UTF-8 characters as they are, not escaped)."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError: a huge int, an unknown type
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
