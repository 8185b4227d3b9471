"""One local stack for the whole session, an account of its own with a high limit for most tests, and the photos."""

from __future__ import annotations

import logging
import shutil
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from images import frontal_face_jpeg, gradient_png
from local_stack import LocalStack, start_local_stack
from rate_limit_run import RateLimitOutcome, exercise_rate_limit
from skin_analysis import SkinAnalysis


@dataclass(frozen=True)
class Tenant:
    account_id: str
    api_key: str


@pytest.fixture(scope="session")
def stack() -> Iterator[LocalStack]:
    data_dir = Path(tempfile.mkdtemp(prefix="skin-python-client-"))
    try:
        running = start_local_stack(data_dir)
        try:
            yield running
        finally:
            running.stop()
    finally:
        # The stores may still flush a file while the process exits.
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def tenant(stack: LocalStack) -> Tenant:
    """An Enterprise account with 1000 requests a minute, so only the rate-limit test meets a 429."""
    account = stack.skin("accounts", "create", "--plan", "enterprise", "--limit", "1000", "--name", "python-client")
    key = stack.skin("keys", "create", "--account", account["account_id"], "--env", "test")
    return Tenant(account["account_id"], key["key"])


@pytest.fixture
def client(stack: LocalStack, tenant: Tenant) -> Iterator[SkinAnalysis]:
    with SkinAnalysis(api_key=tenant.api_key, base_url=stack.api_url) as skin:
        yield skin


@pytest.fixture(scope="session")
def face_photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return frontal_face_jpeg(tmp_path_factory.mktemp("photos") / "face.jpg")


@pytest.fixture(scope="session")
def no_face_png() -> bytes:
    return gradient_png()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The rate-limit test waits for its background exercise: it runs last, so the other tests fill the wait."""
    items.sort(key=lambda item: item.path.name == "test_rate_limit.py")


@pytest.fixture(scope="session", autouse=True)
def rate_limit_outcome(request: pytest.FixtureRequest) -> Iterator[Future[RateLimitOutcome] | None]:
    """Started before the first test when test_rate_limit.py is collected, so its wait overlaps the others."""
    if not any(item.path.name == "test_rate_limit.py" for item in request.session.items):
        yield None
        return
    stack: LocalStack = request.getfixturevalue("stack")
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="rate-limit") as pool:
        yield pool.submit(exercise_rate_limit, stack)


@pytest.fixture(autouse=True)
def responses_match_the_document(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The library keeps values it does not know rather than fail a call; in these tests every response of the
    service must match the models generated from docs/openapi.json, so such a fallback fails the test."""
    with caplog.at_level(logging.DEBUG, logger="skin_analysis"):
        yield
    if request.node.get_closest_marker("newer_service") is None:
        messages = [r.getMessage() for r in caplog.get_records("call") if r.name == "skin_analysis"]
        mismatches = [message for message in messages if "did not match" in message]
        assert mismatches == [], f"responses that do not match the OpenAPI models: {mismatches}"
