"""Scans against the running local stack: create from a path, bytes and a file object, get, overlay, delete,
wait_for, a refused photo, and pages."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from skin_analysis import (
    AsyncSkinAnalysis,
    InvalidRequestError,
    NotFoundError,
    Scan,
    SkinAnalysis,
    UnprocessablePhotoError,
)
from skin_analysis.types import LesionCounts, SkinTone, SkinType


def unique_user(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def test_when_a_photo_file_is_scanned_then_the_completed_scan_comes_back_typed_and_get_overlay_delete_work(
    client: SkinAnalysis, face_photo: Path
) -> None:
    scan = client.scans.create(face_photo, markers=["acne", "hydration"], user_id="py-file")

    assert isinstance(scan, Scan)
    assert scan.status == "completed"
    assert scan.user_id == "py-file"
    assert scan.error is None
    assert list(scan.markers) == ["acne", "hydration"]
    assert isinstance(scan.skin_score, int)
    assert 0 <= scan.skin_score <= 100
    assert scan.markers["acne"].severity in ("low", "moderate", "high")
    assert scan.image.width == 560
    assert scan.image.format == "jpeg"
    assert scan.request_id is not None
    assert scan.request_id.startswith("req_")
    # The descriptions beside the scores: tone and type on every scan, regions for the requested markers.
    assert isinstance(scan.skin_tone, SkinTone)
    assert scan.skin_tone.category in ("very_light", "light", "intermediate", "tan", "brown", "dark")
    assert isinstance(scan.skin_type, SkinType)
    assert scan.skin_type.type in ("dry", "oily", "combination", "normal")
    assert set(scan.region_results) == {"acne", "hydration"}
    assert set(scan.region_results["hydration"]) == {"left_cheek", "right_cheek"}
    assert isinstance(scan.lesion_counts, LesionCounts)
    assert scan.lesion_counts.total <= len(scan.spots)

    fetched = client.scans.get(scan.scan_id)
    assert fetched.model_dump() == scan.model_dump()
    assert fetched.request_id != scan.request_id

    overlay = client.scans.overlay(scan.scan_id, marker="hydration")
    assert overlay.content_type == "image/png"
    assert overlay.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert overlay.request_id is not None
    # A heatmap to lay over the user's own photo: a PNG whose IHDR width and height are the photo's.
    layer = client.scans.overlay(scan.scan_id, marker="hydration", style="heatmap", aligned="original")
    assert (int.from_bytes(layer.content[16:20], "big"), int.from_bytes(layer.content[20:24], "big")) == (
        scan.image.width,
        scan.image.height,
    )

    deleted = client.scans.delete(scan.scan_id)
    assert deleted.id == scan.scan_id
    assert deleted.request_id is not None
    with pytest.raises(NotFoundError) as gone:
        client.scans.get(scan.scan_id)
    assert gone.value.status == 404
    assert gone.value.code == "not_found"
    assert gone.value.request_id is not None
    assert gone.value.problem is not None
    assert gone.value.problem["status"] == 404


def test_when_a_scan_is_asked_to_answer_at_once_from_bytes_then_wait_for_polls_it_to_completed(
    client: SkinAnalysis, face_photo: Path
) -> None:
    processing = client.scans.create(face_photo.read_bytes(), markers="acne", wait=False)
    assert processing.status == "processing"
    assert processing.skin_score is None
    assert processing.markers == {}

    done = client.scans.wait_for(processing, interval=0.1)
    assert done.status == "completed"
    assert list(done.markers) == ["acne"]
    assert done.scan_id == processing.scan_id


def test_when_a_photo_has_no_face_then_the_unprocessable_error_carries_the_quality_code_and_the_failed_scan(
    client: SkinAnalysis, no_face_png: bytes
) -> None:
    with pytest.raises(UnprocessablePhotoError) as refused:
        client.scans.create(no_face_png, filename="gradient.png", user_id=unique_user("no-face"))

    error = refused.value
    assert error.status == 422
    assert error.code == "no_face"
    assert error.quality_code == "no_face"
    assert error.scan_id is not None
    assert error.scan_id.startswith("scan_")
    assert error.request_id is not None
    assert error.problem is not None
    assert error.problem["code"] == "no_face"
    assert error.problem["request_id"] == error.request_id

    stored = client.scans.get(error.scan_id)
    assert stored.status == "failed"
    assert stored.error is not None
    assert stored.error.code == "no_face"


def test_when_a_refused_photo_is_only_known_after_polling_then_create_raises_the_same_unprocessable_error(
    client: SkinAnalysis, no_face_png: bytes
) -> None:
    # An attempt timeout of 5 s leaves the service no time to wait (Prefer: wait=0): the answer is a 202 and
    # create() polls until the scan has failed.
    with pytest.raises(UnprocessablePhotoError) as refused:
        client.scans.create(no_face_png, request_options={"timeout": 5})

    assert refused.value.code == "no_face"
    assert refused.value.scan_id is not None
    assert refused.value.request_id is not None
    assert client.scans.get(refused.value.scan_id).status == "failed"


def test_when_an_unknown_marker_is_asked_for_then_the_invalid_request_error_names_the_parameter(
    client: SkinAnalysis, face_photo: Path
) -> None:
    with face_photo.open("rb") as photo, pytest.raises(InvalidRequestError) as invalid:
        client.scans.create(photo, markers=["acne", "freckles"])

    assert invalid.value.status == 400
    assert invalid.value.code == "unknown_marker"
    assert [entry["param"] for entry in invalid.value.errors] == ["markers"]
    assert "freckles" in invalid.value.detail


def test_when_a_user_has_five_scans_and_pages_hold_two_then_iteration_walks_three_pages_newest_first(
    client: SkinAnalysis, face_photo: Path
) -> None:
    user = unique_user("pager")
    created = [client.scans.create(face_photo, markers="acne", user_id=user, wait=False) for _ in range(5)]

    first = client.scans.list(user_id=user, limit=2)
    pages = list(first.iter_pages())
    assert [len(page.data) for page in pages] == [2, 2, 1]
    assert [page.has_more for page in pages] == [True, True, False]
    assert pages[-1].next_cursor is None
    assert all(page.request_id for page in pages)

    newest_first = [scan.scan_id for scan in reversed(created)]
    assert [scan.scan_id for scan in client.scans.list(user_id=user, limit=2)] == newest_first
    assert [scan.scan_id for scan in pages[1].data] == newest_first[2:4]


async def test_when_the_async_client_lists_then_async_for_walks_every_page(
    stack: object, tenant: object, face_photo: Path
) -> None:
    from conftest import Tenant
    from local_stack import LocalStack

    assert isinstance(stack, LocalStack)
    assert isinstance(tenant, Tenant)
    user = unique_user("async-pager")
    async with AsyncSkinAnalysis(api_key=tenant.api_key, base_url=stack.api_url) as client:
        created = [await client.scans.create(face_photo, markers="acne", user_id=user, wait=False) for _ in range(3)]
        seen = [scan.scan_id async for scan in client.scans.list(user_id=user, limit=2)]
        first_page = await client.scans.list(user_id=user, limit=2)
        done = await client.scans.wait_for(created[0], interval=0.1)
        waited = await client.scans.create(face_photo.read_bytes(), markers=["hydration"])

    assert seen == [scan.scan_id for scan in reversed(created)]
    assert len(first_page.data) == 2
    assert first_page.has_more is True
    assert done.status == "completed"
    assert waited.status == "completed"
    assert list(waited.markers) == ["hydration"]
    assert waited.request_id is not None
