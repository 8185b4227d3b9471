"""Webhook verification, Standard Webhooks (https://www.standardwebhooks.com) compatible:

    signed content    = f"{webhook-id}.{webhook-timestamp}.{raw body}"
    webhook-signature = space-separated "v1,<base64 HMAC-SHA256>" (two during a secret rotation; any may match)
    key               = base64-decoded part of the secret after "whsec_"

Pass the raw body exactly as received: re-serialised JSON has other bytes and fails.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from collections.abc import Mapping
from typing import Any, Optional, Union

from pydantic import TypeAdapter, ValidationError

from ._exceptions import SkinAnalysisError, WebhookVerificationError
from .resources._base import AsyncResource, SyncResource
from .types import UnknownWebhookEvent, WebhookEvent

__all__ = ["DEFAULT_TOLERANCE_SECONDS", "WebhookVerificationError", "unwrap", "verify"]

DEFAULT_TOLERANCE_SECONDS = 300
# Some mypy and typing_extensions versions read an Annotated union as a special form, not a type; pydantic takes it.
_KNOWN_EVENTS: TypeAdapter[WebhookEvent] = TypeAdapter(WebhookEvent)  # type: ignore[arg-type, unused-ignore]
_DIGITS = re.compile(r"^[0-9]+$")
_BASE64 = re.compile(r"^[A-Za-z0-9+/]*={0,2}$")

Payload = Union[str, bytes, bytearray, memoryview]


def verify(
    payload: Payload,
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> dict[str, Any]:
    """Checks the signature and the timestamp of a delivery and returns the parsed JSON body (what the
    standardwebhooks library's `Webhook.verify` returns). Raises WebhookVerificationError when it must not be
    trusted. `headers` may be any mapping (names are case-insensitive): a dict, httpx/Starlette/Django headers."""
    lowered = {str(name).lower(): value for name, value in headers.items()}
    message_id = lowered.get("webhook-id")
    timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if not message_id or not timestamp or not signatures:
        raise WebhookVerificationError(
            "Missing webhook-id, webhook-timestamp or webhook-signature header", reason="missing_header"
        )
    if not _DIGITS.match(timestamp):
        raise WebhookVerificationError("Invalid webhook-timestamp header", reason="invalid_timestamp")
    current = int(time.time() if now is None else now)
    sent = int(timestamp)
    if sent < current - tolerance_seconds:
        raise WebhookVerificationError("Message timestamp too old", reason="timestamp_too_old")
    if sent > current + tolerance_seconds:
        raise WebhookVerificationError("Message timestamp too new", reason="timestamp_too_new")

    body = payload.encode("utf-8") if isinstance(payload, str) else bytes(payload)
    expected = hmac.new(_secret_key(secret), f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    if not any(hmac.compare_digest(given, expected) for given in _v1_signatures(signatures)):
        raise WebhookVerificationError("No matching signature found", reason="no_matching_signature")
    try:
        parsed = json.loads(body)
    except ValueError as error:
        raise WebhookVerificationError("The body is not JSON", reason="invalid_payload") from error
    if not isinstance(parsed, dict):
        raise WebhookVerificationError("The body is not a JSON object", reason="invalid_payload")
    return parsed


def unwrap(
    payload: Payload,
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> Union[WebhookEvent, UnknownWebhookEvent]:
    """Verifies the delivery (see `verify`) and returns the typed event: ScanCompletedEvent, ScanFailedEvent,
    RoutineGeneratedEvent, ScoreUpdatedEvent or WebhookTestEvent, by its `event` field. An event type newer than
    this library comes back as UnknownWebhookEvent."""
    body = verify(payload, headers, secret, tolerance_seconds=tolerance_seconds, now=now)
    try:
        return _KNOWN_EVENTS.validate_python(body)
    except ValidationError:
        if isinstance(body.get("event"), str):
            return UnknownWebhookEvent.model_validate(body)
        raise WebhookVerificationError("The body has no `event` field", reason="invalid_payload") from None


def _secret_key(secret: str) -> bytes:
    encoded = secret[len("whsec_"):] if secret.startswith("whsec_") else secret
    try:
        key = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        key = b""
    if not key:
        raise WebhookVerificationError("The secret is not whsec_ followed by base64", reason="invalid_secret")
    return key


def _v1_signatures(header: str) -> list[bytes]:
    decoded = []
    for entry in header.split(" "):
        version, _, signature = entry.partition(",")
        if version != "v1" or not _BASE64.match(signature):
            continue
        try:
            decoded.append(base64.b64decode(signature, validate=True))
        except (binascii.Error, ValueError):
            continue
    return decoded


class _VerifyWithClientSecret:
    """verify() and unwrap() with the client's secret: no I/O, so the same synchronous methods on both clients."""

    _webhook_secret: Optional[str]

    def verify(self, payload: Payload, headers: Mapping[str, str], secret: Optional[str] = None) -> dict[str, Any]:
        return verify(payload, headers, _secret_or_default(secret, self._webhook_secret))

    def unwrap(
        self, payload: Payload, headers: Mapping[str, str], secret: Optional[str] = None
    ) -> Union[WebhookEvent, UnknownWebhookEvent]:
        return unwrap(payload, headers, _secret_or_default(secret, self._webhook_secret))


class Webhooks(_VerifyWithClientSecret, SyncResource):
    """`client.webhooks`: the module's functions with the client's `webhook_secret` (or SKIN_WEBHOOK_SECRET)."""


class AsyncWebhooks(_VerifyWithClientSecret, AsyncResource):
    """Verification needs no I/O: the same synchronous methods on the async client."""


def _secret_or_default(secret: Optional[str], default: Optional[str]) -> str:
    chosen = secret or default
    if not chosen:
        raise SkinAnalysisError("no webhook secret: pass one, or set webhook_secret / SKIN_WEBHOOK_SECRET")
    return chosen
