"""JSON bodies from what callers pass: plain dicts and lists, or the generated request models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel


def json_value(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_none=True)
    if isinstance(value, Mapping):
        return {str(key): json_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_value(item) for item in value]
    return value


def json_body(**fields: Any) -> dict[str, Any]:
    """The fields that were given (None means omitted)."""
    return {name: json_value(value) for name, value in fields.items() if value is not None}
