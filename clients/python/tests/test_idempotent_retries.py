"""Retries against the running service through a network that loses answers: the same Idempotency-Key on every
attempt of one call, so the service replays its first answer and makes one scan, not two."""

from __future__ import annotations

import uuid
from pathlib import Path

from conftest import Tenant
from local_stack import LocalStack
from lossy_proxy import LossyProxy
from skin_analysis import SkinAnalysis


def test_when_the_answer_to_a_scan_upload_is_lost_then_the_retry_replays_it_and_one_scan_exists(
    stack: LocalStack, tenant: Tenant, face_photo: Path
) -> None:
    proxy = LossyProxy(stack.api_url, "/v1/scans", lose=1)
    user = f"py-lost-{uuid.uuid4().hex[:8]}"
    try:
        with SkinAnalysis(api_key=tenant.api_key, base_url=proxy.url) as client:
            scan = client.scans.create(face_photo, markers="acne", user_id=user)
            listed = list(client.scans.list(user_id=user))
    finally:
        proxy.close()

    uploads = [entry for entry in proxy.forwarded if entry[0] == "POST /v1/scans"]
    assert len(uploads) == 2
    assert uploads[0][1] == uploads[1][1] != ""
    assert [status for _, _, status in uploads] == [201, 201]
    assert scan.status == "completed"
    assert [s.scan_id for s in listed] == [scan.scan_id]
