"""Markers, ingredients and routines against the running service, and the error families a caller meets there."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from conftest import Tenant
from local_stack import LocalStack
from skin_analysis import (
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    SkinAnalysis,
)

VERSION_1_MARKERS = [
    "acne",
    "pigmentation",
    "hydration",
    "redness",
    "wrinkles",
    "pores",
    "oiliness",
    "dark_circles",
    "texture",
]
ADDED_MARKERS = ["eye_bags", "uniformness", "radiance", "age_spots", "blackheads"]
MARKERS = VERSION_1_MARKERS + ADDED_MARKERS


def test_when_the_catalogue_is_listed_then_every_marker_is_there_and_only_version_1_markers_make_the_skin_score(
    client: SkinAnalysis,
) -> None:
    catalogue = client.markers.list()
    assert [entry.name for entry in catalogue.data] == MARKERS
    assert [entry.name for entry in catalogue.data if entry.in_skin_score] == VERSION_1_MARKERS
    acne = catalogue.data[0]
    assert acne.severity_bands.low == (70, 100)
    assert acne.result_regions == ["forehead", "nose", "left_cheek", "right_cheek", "chin"]
    assert catalogue.request_id is not None


def test_when_the_openapi_document_is_fetched_then_it_is_the_one_the_models_were_generated_from(
    client: SkinAnalysis,
) -> None:
    from local_stack import REPO_ROOT

    served = client.openapi_document()
    committed = json.loads((REPO_ROOT / "docs" / "openapi.json").read_text("utf-8"))
    assert served["openapi"].startswith("3.1")
    assert served["components"]["schemas"].keys() == committed["components"]["schemas"].keys()
    assert served["paths"].keys() == committed["paths"].keys()


def test_when_an_inci_list_is_analysed_then_each_ingredient_actives_and_suitability_come_back(
    client: SkinAnalysis,
) -> None:
    analysis = client.ingredients.analyze(
        "Aqua, Niacinamide, Salicylic Acid, Parfum (Fragrance), Glycerin", markers=["acne"]
    )
    assert [i.name for i in analysis.ingredients] == ["Aqua", "Niacinamide", "Salicylic Acid", "Parfum", "Glycerin"]
    assert {active.class_ for active in analysis.actives} == {"niacinamide", "bha"}
    assert [item.marker for item in analysis.suitability] == ["acne"]
    assert analysis.suitability[0].verdict == "helps"
    assert "fragrance" not in analysis.free_of
    assert analysis.request_id is not None


def test_when_a_routine_is_made_from_a_scan_then_get_returns_it(client: SkinAnalysis, face_photo: Path) -> None:
    scan = client.scans.create(face_photo, markers=["acne", "hydration"], user_id="py-routine")
    routine = client.routines.create(scan_id=scan.scan_id, profile={"skin_type": "oily"})

    assert routine.routine_id.startswith("rtn_")
    assert routine.scan_id == scan.scan_id
    assert routine.user_id == "py-routine"
    assert set(routine.markers) == {"acne", "hydration"}
    assert routine.am[-1].step == "protect"
    assert routine.request_id is not None

    fetched = client.routines.get(routine.routine_id)
    assert fetched.model_dump() == routine.model_dump()

    with pytest.raises(NotFoundError):
        client.routines.get("rtn_01JD3Q8Z5X9V4N2M7K6H5G4F3E")


def test_when_one_idempotency_key_carries_two_different_routines_then_the_second_is_a_conflict(
    client: SkinAnalysis,
) -> None:
    key = f"py-{uuid.uuid4()}"
    first = client.routines.create(markers={"acne": 31}, request_options={"idempotency_key": key})
    replayed = client.routines.create(markers={"acne": 31}, request_options={"idempotency_key": key})
    assert replayed.routine_id == first.routine_id

    with pytest.raises(ConflictError) as conflict:
        client.routines.create(markers={"acne": 80}, request_options={"idempotency_key": key})
    # 409 idempotency_conflict today (retried as possibly in flight, then raised); 422 idempotency_key_reused from
    # services that follow the IETF idempotency draft.
    reused = (conflict.value.status, conflict.value.code)
    assert reused in ((409, "idempotency_conflict"), (422, "idempotency_key_reused"))


def test_when_the_key_is_wrong_or_lacks_the_scope_then_authentication_and_permission_errors_say_so(
    stack: LocalStack, tenant: Tenant
) -> None:
    with SkinAnalysis(api_key="sk_test_" + "x" * 43, base_url=stack.api_url) as stranger, pytest.raises(
        AuthenticationError
    ) as unknown:
        stranger.markers.list()
    assert unknown.value.status == 401
    assert unknown.value.code == "invalid_api_key"

    reader = stack.skin("keys", "create", "--account", tenant.account_id, "--env", "test", "--scopes", "scans:read")
    with SkinAnalysis(api_key=reader["key"], base_url=stack.api_url) as limited:
        with pytest.raises(PermissionDeniedError) as denied:
            limited.ingredients.analyze("Aqua")
        assert denied.value.status == 403
        assert denied.value.code == "insufficient_scope"
        assert "ingredients:read" in denied.value.detail
        with pytest.raises(InvalidRequestError) as invalid:
            limited.scans.list(limit=500)
        assert invalid.value.status == 400
        assert invalid.value.errors[0]["param"] == "limit"
