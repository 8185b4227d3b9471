"""Turns response JSON into the typed models. A newer service may send values this version does not know yet (a
new marker, a new enum member): the model is then built field by field, keeping what validates and the raw value
of what does not, instead of failing a call that succeeded."""

from __future__ import annotations

import logging
import typing
from typing import Any, TypeVar, Union

from pydantic import BaseModel, TypeAdapter, ValidationError

logger = logging.getLogger("skin_analysis")

ModelT = TypeVar("ModelT", bound=BaseModel)


def parse_model(model: type[ModelT], data: Any) -> ModelT:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        if not isinstance(data, dict):
            raise
        logger.debug("response did not match %s (%d issues); keeping unknown values as sent", model.__name__,
                     error.error_count())
        return construct_leniently(model, data)


def construct_leniently(model: type[ModelT], data: dict[str, Any]) -> ModelT:
    values: dict[str, Any] = {}
    known: set[str] = set()
    for name, field in model.model_fields.items():
        key = field.alias or name
        known.add(key)
        if key in data:
            values[name] = _lenient_value(field.annotation, data[key])
    extras = {key: value for key, value in data.items() if key not in known}
    return model.model_construct(**values, **extras)


def _lenient_value(annotation: Any, raw: Any) -> Any:
    try:
        return TypeAdapter(annotation).validate_python(raw)
    except (ValidationError, TypeError, ValueError):
        pass
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and isinstance(raw, dict):
        return construct_leniently(annotation, raw)
    if origin is Union:
        for candidate in arguments:
            if isinstance(candidate, type) and issubclass(candidate, BaseModel) and isinstance(raw, dict):
                return construct_leniently(candidate, raw)
        return raw
    if origin is typing.Annotated:
        return _lenient_value(arguments[0], raw)
    if origin is list and isinstance(raw, list) and arguments:
        return [_lenient_value(arguments[0], item) for item in raw]
    if origin is dict and isinstance(raw, dict) and len(arguments) == 2:
        return {key: _lenient_value(arguments[1], value) for key, value in raw.items()}
    return raw
