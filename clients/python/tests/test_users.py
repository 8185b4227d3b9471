"""A user's score after scans, and the erasure of that user, against the running service."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest

from skin_analysis import NotFoundError, SkinAnalysis, UserScore


def score_after(client: SkinAnalysis, user_id: str, scans: int, timeout: float = 20.0) -> UserScore:
    """The score is updated by the service after each completed scan: wait until it has counted `scans`."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            score = client.users.score(user_id)
            if score.scan_count >= scans or time.monotonic() > deadline:
                return score
        except NotFoundError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)


def test_when_a_user_has_two_scans_then_the_score_counts_both_and_erasure_removes_everything(
    client: SkinAnalysis, face_photo: Path
) -> None:
    user = f"py-score-{uuid.uuid4().hex[:8]}"
    first = client.scans.create(face_photo, markers=["acne", "hydration"], user_id=user)
    second = client.scans.create(face_photo.read_bytes(), markers=["acne", "hydration"], user_id=user)

    score = score_after(client, user, 2)
    assert score.user_id == user
    assert score.scan_count == 2
    assert [entry.scan_id for entry in score.history] == [first.scan_id, second.scan_id]
    # The same photo twice: the smoothed values are the scans' own.
    assert score.skin_score == second.skin_score
    assert set(score.markers) == {"acne", "hydration"}
    assert score.trend.direction == "stable"
    assert score.request_id is not None

    erased = client.users.erase(user)
    assert erased.id == user
    assert erased.request_id is not None

    with pytest.raises(NotFoundError):
        client.users.score(user)
    with pytest.raises(NotFoundError):
        client.scans.get(first.scan_id)
    assert list(client.scans.list(user_id=user)) == []
