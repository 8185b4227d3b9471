"""An app's path against the running service: the back end mints a client token for one user; the app, holding
only that token, uploads a photo straight to storage and scans it by upload id."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from conftest import Tenant
from local_stack import LocalStack
from skin_analysis import ConflictError, PermissionDeniedError, SkinAnalysis


def test_when_an_app_holds_a_client_token_then_it_uploads_and_scans_for_its_one_user_and_nothing_else(
    stack: LocalStack, tenant: Tenant, client: SkinAnalysis, face_photo: Path
) -> None:
    user = f"py-app-{uuid.uuid4().hex[:8]}"
    minted = client.client_tokens.create(user, expires_in=600)
    assert minted.token.startswith("ct_test_")
    assert minted.user_id == user
    assert set(minted.scopes) == {"scans:write", "scans:read", "scores:read"}
    assert minted.token not in repr(minted)
    assert minted.request_id is not None

    with SkinAnalysis(api_key=minted.token, base_url=stack.api_url) as app:
        upload = app.uploads.upload(face_photo)
        assert upload.upload_id.startswith("upl_")
        assert upload.user_id == user
        assert upload.fields["Content-Type"] == "image/jpeg"

        scan = app.scans.create_from_upload(upload.upload_id, markers=["acne", "hydration"])
        assert scan.status == "completed"
        assert scan.user_id == user
        assert list(scan.markers) == ["acne", "hydration"]
        assert scan.image.width == 560

        with pytest.raises(ConflictError) as reused:
            app.scans.create_from_upload(upload.upload_id)
        assert reused.value.code == "upload_already_used"

        with pytest.raises(PermissionDeniedError):
            app.ingredients.analyze("Aqua")

    # The back end's key sees the scan the app made.
    assert client.scans.get(scan.scan_id).user_id == user
