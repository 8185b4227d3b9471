"""A real delivery from the running service to a loopback receiver, verified by this library and by the
standardwebhooks package alike."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import standardwebhooks

from conftest import Tenant
from local_stack import LocalStack
from receiver import Receiver
from skin_analysis import ScanCompletedEvent, SkinAnalysis, WebhookVerificationError, webhooks


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver()
    yield running
    running.close()


def test_when_a_scan_completes_then_its_delivery_verifies_with_webhooks_unwrap_and_with_standardwebhooks(
    stack: LocalStack, tenant: Tenant, client: SkinAnalysis, receiver: Receiver, face_photo: Path
) -> None:
    endpoint = stack.skin(
        "webhooks", "add", receiver.url, "--account", tenant.account_id, "--env", "test", "--events", "scan.completed"
    )
    secret = endpoint["secret"]
    assert secret.startswith("whsec_")

    scan = client.scans.create(face_photo, markers=["acne", "redness"], user_id="hooked")
    delivery = receiver.wait_for(lambda d: json.loads(d.body).get("scan_id") == scan.scan_id)
    assert delivery is not None, "no delivery for the scan within 60 s"

    event = webhooks.unwrap(delivery.body, delivery.headers, secret)
    assert isinstance(event, ScanCompletedEvent)
    assert event.event == "scan.completed"
    assert event.scan_id == scan.scan_id
    assert event.user_id == "hooked"
    assert event.skin_score == scan.skin_score
    assert {name: result.score for name, result in event.markers.items()} == {
        name: result.score for name, result in scan.markers.items()
    }

    assert webhooks.verify(delivery.body, delivery.headers, secret) == json.loads(delivery.body)
    assert standardwebhooks.Webhook(secret).verify(delivery.body, delivery.headers) == json.loads(delivery.body)
    with_secret = SkinAnalysis(api_key="unused", webhook_secret=secret)
    assert with_secret.webhooks.unwrap(delivery.body, delivery.headers) == event

    tampered = delivery.body.replace(b'"hooked"', b'"someone"')
    with pytest.raises(WebhookVerificationError) as refused:
        webhooks.unwrap(tampered, delivery.headers, secret)
    assert refused.value.reason == "no_matching_signature"
    with pytest.raises(standardwebhooks.webhooks.WebhookVerificationError):
        standardwebhooks.Webhook(secret).verify(tampered, delivery.headers)
