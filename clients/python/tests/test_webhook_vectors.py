"""The shared webhook vectors (clients/webhook-vectors/webhooks.json, signed by the service's own signer and
verified by the TypeScript and Kotlin clients too): this library and the standardwebhooks package each reach
every vector's verdict, at the vector's clock and tolerance."""

from __future__ import annotations

import binascii
import json
from datetime import datetime, timezone
from typing import Any

import pytest
import standardwebhooks.webhooks

from local_stack import REPO_ROOT
from skin_analysis import WebhookVerificationError, webhooks

VECTORS: list[dict[str, Any]] = json.loads(
    (REPO_ROOT / "clients" / "webhook-vectors" / "webhooks.json").read_text("utf-8")
)["vectors"]

MESSAGES = {
    "missing_header": "Missing webhook-id, webhook-timestamp or webhook-signature header",
    "invalid_timestamp": "Invalid webhook-timestamp header",
    "timestamp_too_old": "Message timestamp too old",
    "timestamp_too_new": "Message timestamp too new",
    "no_matching_signature": "No matching signature found",
}


def test_when_the_vectors_are_counted_then_both_verdicts_and_every_refusal_reason_are_covered() -> None:
    assert sum(1 for v in VECTORS if v["valid"]) >= 5
    assert {v["error"] for v in VECTORS} == {None, *MESSAGES}


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_this_library_reaches_the_verdict(vector: dict[str, Any]) -> None:
    def check() -> dict[str, Any]:
        return webhooks.verify(
            vector["body"], vector["headers"], vector["secret"],
            now=vector["now"], tolerance_seconds=vector["tolerance_seconds"],
        )

    if vector["valid"]:
        assert check() == json.loads(vector["body"])
        event = webhooks.unwrap(vector["body"], vector["headers"], vector["secret"], now=vector["now"])
        assert event.event == json.loads(vector["body"])["event"]
    else:
        with pytest.raises(WebhookVerificationError) as refused:
            check()
        assert refused.value.reason == vector["error"]
        assert str(refused.value) == MESSAGES[vector["error"]]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_the_standardwebhooks_package_agrees(vector: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    # The package reads the real clock (its tolerance is also 5 minutes): set it to the vector's receiver clock.
    assert vector["tolerance_seconds"] == 300
    vector_now = datetime.fromtimestamp(vector["now"], tz=timezone.utc)

    class VectorClock(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
            return vector_now

    monkeypatch.setattr(standardwebhooks.webhooks, "datetime", VectorClock)
    library = standardwebhooks.webhooks.Webhook(vector["secret"])
    if vector["valid"]:
        assert library.verify(vector["body"], vector["headers"]) == json.loads(vector["body"])
    else:
        # The package refuses a signature that is not base64 with binascii.Error rather than its own error.
        with pytest.raises((standardwebhooks.webhooks.WebhookVerificationError, binascii.Error)):
            library.verify(vector["body"], vector["headers"])
