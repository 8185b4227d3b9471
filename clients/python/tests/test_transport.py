"""Retries, timeouts, headers and error families, with answers the running service cannot be made to give on
demand (5xx, dropped connections, slow answers): httpx's MockTransport, and a real slow server for timeouts."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any, Callable

import httpx
import pytest

from loopback_server import LoopbackServer, QuietHandler
from skin_analysis import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AsyncSkinAnalysis,
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    SkinAnalysis,
    SkinAnalysisError,
    UnprocessablePhotoError,
)
from skin_analysis._retry import requested_wait

ROUTINE = {
    "routine_id": "rtn_01JD3Q8Z5X9V4N2M7K6H5G4F3E", "scan_id": None, "user_id": None,
    "created_at": "2026-11-21T17:40:00.123Z", "markers": {"acne": {"score": 31, "severity": "high"}},
    "profile": {}, "am": [], "pm": [], "weekly": [], "warnings": [], "notes": [], "introduction": [],
    "rules_applied": [], "sources": {},
}


def problem(status: int, code: str, **extra: Any) -> httpx.Response:
    body = {"type": f"https://docs.example/errors#{code}", "title": code, "status": status, "detail": f"{code}!",
            "code": code, "request_id": "req_problem", "errors": [], **extra}
    return httpx.Response(status, json=body, headers={"content-type": "application/problem+json"})


def client_answering(answers: list[Callable[[httpx.Request], httpx.Response]], **options: Any) -> tuple[
    SkinAnalysis, list[httpx.Request]
]:
    seen: list[httpx.Request] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answers[min(len(seen), len(answers)) - 1](request)

    http = httpx.Client(transport=httpx.MockTransport(handle))
    options.setdefault("max_retry_after", 5)
    return SkinAnalysis(api_key="sk_test_unit", base_url="http://skin.test", http_client=http, **options), seen


def fail_connection(request: httpx.Request) -> httpx.Response:
    raise httpx.ConnectError("connection refused", request=request)


def ok_routine(request: httpx.Request) -> httpx.Response:
    return httpx.Response(201, json=ROUTINE, headers={"request-id": "req_ok"})


def test_when_connections_fail_and_a_5xx_follows_then_the_call_succeeds_with_one_idempotency_key() -> None:
    client, seen = client_answering([
        fail_connection,
        lambda r: httpx.Response(503, text="busy", headers={"retry-after": "0"}),
        ok_routine,
    ], max_retries=2)
    routine = client.routines.create(markers={"acne": 31})

    assert routine.routine_id == ROUTINE["routine_id"]
    assert routine.request_id == "req_ok"
    assert len(seen) == 3
    keys = {request.headers["idempotency-key"] for request in seen}
    assert len(keys) == 1
    assert re.fullmatch(r"[0-9a-f-]{36}", keys.pop())
    assert json.loads(seen[0].content) == {"markers": {"acne": {"score": 31}}}
    assert re.fullmatch(r"skin-analysis-python/\d+\.\d+\.\d+ httpx/\S+ python/\S+", seen[0].headers["user-agent"])
    assert seen[0].headers["authorization"] == "Bearer sk_test_unit"


def test_when_every_attempt_fails_then_the_last_error_is_raised_after_max_retries() -> None:
    client, seen = client_answering([lambda r: httpx.Response(500, text="<html>bad gateway</html>",
                                                              headers={"request-id": "req_5xx"})], max_retries=2)
    with pytest.raises(ServerError) as failed:
        client.markers.list()
    assert len(seen) == 3
    assert failed.value.status == 500
    assert failed.value.code == "internal_error"
    assert failed.value.request_id == "req_5xx"
    assert failed.value.problem is None

    client, seen = client_answering([fail_connection], max_retries=1)
    with pytest.raises(APIConnectionError) as unreachable:
        client.markers.list()
    assert len(seen) == 2
    assert unreachable.value.code == "connection_error"
    assert unreachable.value.status is None


def test_when_the_first_request_with_the_key_is_still_running_then_the_409_is_retried_until_its_answer() -> None:
    client, seen = client_answering([lambda r: problem(409, "idempotency_conflict"), ok_routine])
    routine = client.routines.create(markers={"acne": 31})
    assert routine.request_id == "req_ok"
    assert len(seen) == 2
    assert seen[0].headers["idempotency-key"] == seen[1].headers["idempotency-key"]

    client, seen = client_answering([lambda r: problem(422, "idempotency_key_reused")])
    with pytest.raises(ConflictError):
        client.routines.create(markers={"acne": 31})
    assert len(seen) == 1


def test_when_a_get_is_retried_then_it_carries_no_idempotency_key_and_4xx_are_not_retried() -> None:
    client, seen = client_answering([lambda r: problem(404, "not_found")])
    with pytest.raises(NotFoundError):
        client.scans.get("scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E")
    assert len(seen) == 1
    assert "idempotency-key" not in seen[0].headers


def test_when_the_service_asks_to_wait_longer_than_allowed_then_the_429_is_raised_at_once() -> None:
    client, seen = client_answering([lambda r: httpx.Response(
        429, json={"code": "rate_limited", "status": 429, "detail": "slow down", "request_id": "req_429"},
        headers={"retry-after": "120"})])
    with pytest.raises(RateLimitError) as limited:
        client.markers.list()
    assert len(seen) == 1
    assert limited.value.retry_after == 120
    assert limited.value.request_id == "req_429"


def test_when_a_429_says_retry_after_0_then_it_is_retried_at_once() -> None:
    client, seen = client_answering([lambda r: httpx.Response(429, json={"code": "rate_limited"},
                                                              headers={"retry-after": "0"}), ok_routine])
    started = time.monotonic()
    client.routines.create(markers={"acne": 31})
    assert len(seen) == 2
    assert time.monotonic() - started < 1


@pytest.mark.parametrize(
    ("status", "code", "family"),
    [
        (401, "unauthenticated", AuthenticationError),
        (401, "invalid_api_key", AuthenticationError),
        (403, "insufficient_scope", PermissionDeniedError),
        (404, "not_found", NotFoundError),
        (400, "invalid_request", InvalidRequestError),
        (400, "unknown_marker", InvalidRequestError),
        (400, "invalid_cursor", InvalidRequestError),
        (413, "payload_too_large", InvalidRequestError),
        (415, "unsupported_media_type", InvalidRequestError),
        (409, "idempotency_conflict", ConflictError),
        (422, "idempotency_conflict", ConflictError),
        (422, "idempotency_key_reused", ConflictError),
        (409, "scan_not_completed", ConflictError),
        (409, "upload_already_used", ConflictError),
        (409, "upload_incomplete", ConflictError),
        (410, "upload_expired", NotFoundError),
        (422, "no_face", UnprocessablePhotoError),
        (422, "image_unreadable", UnprocessablePhotoError),
        (422, "eyes_closed", UnprocessablePhotoError),
        (422, "not_human_skin", UnprocessablePhotoError),
        (422, "grayscale_photo", UnprocessablePhotoError),
        (429, "rate_limited", RateLimitError),
        (500, "internal_error", ServerError),
        (400, "a_code_from_the_future", InvalidRequestError),
        (403, "a_code_from_the_future", PermissionDeniedError),
        (418, "a_code_from_the_future", APIStatusError),
    ],
)
def test_the_error_family_follows_the_code_first_and_the_status_second(
    status: int, code: str, family: type[APIStatusError]
) -> None:
    client, _ = client_answering([lambda r: problem(status, code, scan_id="scan_x")], max_retries=0)
    with pytest.raises(family) as raised:
        client.markers.list()
    error = raised.value
    assert type(error) is family
    assert (error.status, error.code, error.request_id) == (status, code, "req_problem")
    assert error.problem is not None
    assert error.problem["code"] == code
    assert str(error) == f"{status} {code}: {code}! (request req_problem)"
    if isinstance(error, UnprocessablePhotoError):
        assert error.quality_code == code
        assert error.scan_id == "scan_x"


@pytest.mark.newer_service
def test_when_the_service_is_newer_then_unknown_values_and_fields_are_kept_instead_of_failing() -> None:
    scan = {
        "scan_id": "scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E", "status": "queued", "user_id": None, "skin_score": 70,
        "markers": {"acne": {"score": 81, "severity": "low"}, "freckles": {"score": 50, "severity": "moderate"}},
        "created_at": "2026-11-21T17:40:00.123Z", "completed_at": None, "model": None,
        "image": {"width": 560, "height": 560, "format": "jpeg"}, "face": None, "quality": None, "error": None,
        "spots": [], "lesions": [{"x": 1, "y": 2}],
    }
    client, _ = client_answering([lambda r: httpx.Response(200, json=scan, headers={"request-id": "req_new"})])
    parsed = client.scans.get("scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E")
    assert parsed.status == "queued"
    assert parsed.markers["acne"].score == 81
    assert parsed.image.width == 560
    assert parsed.model_extra == {"lesions": [{"x": 1, "y": 2}]}
    assert parsed.request_id == "req_new"


def test_the_wait_a_429_asks_for_is_read_from_retry_after_then_ratelimit_reset_then_the_draft_field() -> None:
    assert requested_wait({"Retry-After": "7"}) == 7
    assert requested_wait({"RateLimit-Reset": "12"}) == 12
    assert requested_wait({"RateLimit": '"default";r=0;t=9'}) == 9
    assert requested_wait({}) is None


class SlowServer(LoopbackServer):
    """Answers every request after `delay` seconds (a real socket, so the client's own timeouts act)."""

    def __init__(self, delay: float) -> None:
        self.requests = 0
        server = self

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server dispatches on this name)
                server.requests += 1
                time.sleep(delay)
                try:
                    self.send_response(200)
                    self.end_headers()
                    self.wfile.write(b'{"data": []}')
                except OSError:
                    pass

        super().__init__(Handler)


@pytest.fixture
def slow_server() -> Iterator[SlowServer]:
    server = SlowServer(delay=1.5)
    yield server
    server.close()


def test_when_attempts_time_out_then_each_is_retried_and_the_timeout_error_follows(slow_server: SlowServer) -> None:
    client = SkinAnalysis(api_key="sk_test_unit", base_url=slow_server.url, timeout=0.2, max_retries=1)
    with client, pytest.raises(APITimeoutError) as timed_out:
        client.markers.list()
    assert timed_out.value.code == "timeout"
    assert slow_server.requests == 2


def test_when_the_call_has_a_total_timeout_then_retries_stop_at_it(slow_server: SlowServer) -> None:
    with SkinAnalysis(api_key="sk_test_unit", base_url=slow_server.url, timeout=0.3, max_retries=10,
                      total_timeout=0.8) as client:
        started = time.monotonic()
        with pytest.raises(APITimeoutError):
            client.markers.list()
        assert time.monotonic() - started < 1.5
    assert slow_server.requests <= 3


def test_when_no_key_is_given_or_set_then_the_client_says_how_to_give_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKIN_API_KEY", raising=False)
    with pytest.raises(SkinAnalysisError, match="SKIN_API_KEY"):
        SkinAnalysis()
    monkeypatch.setenv("SKIN_API_KEY", "sk_test_from_env")
    monkeypatch.setenv("SKIN_API_URL", "https://api.example/prod/")
    client = SkinAnalysis()
    assert client.base_url == "https://api.example/prod"
    assert "sk_test_from_env" not in repr(client)


async def test_when_the_async_client_meets_a_dropped_connection_and_a_503_then_it_retries_with_one_key() -> None:
    seen: list[httpx.Request] = []
    answers: list[Callable[[httpx.Request], httpx.Response]] = [
        fail_connection,
        lambda r: httpx.Response(503, text="busy", headers={"retry-after": "0"}),
        ok_routine,
    ]

    async def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return answers[len(seen) - 1](request)

    http = httpx.AsyncClient(transport=httpx.MockTransport(handle))
    async with AsyncSkinAnalysis(api_key="sk_test_unit", base_url="http://skin.test", http_client=http) as client:
        routine = await client.routines.create(markers={"acne": 31})
        assert routine.request_id == "req_ok"
        assert len(seen) == 3
        assert len({request.headers["idempotency-key"] for request in seen}) == 1

        seen.clear()
        answers[:] = [lambda r: problem(404, "not_found")]
        with pytest.raises(NotFoundError):
            await client.routines.get("rtn_missing")
        assert len(seen) == 1
    await http.aclose()
