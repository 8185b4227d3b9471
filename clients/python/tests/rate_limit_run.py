"""The rate-limit exercise, run in a background thread from the start of the session: the service counts requests
in fixed 60-second windows aligned to the minute, so a 429 is met cheaply only near a window's end (its
Retry-After then is a few seconds). The thread waits for that moment while the other tests run."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional

import httpx

from local_stack import LocalStack
from skin_analysis import RateLimitError, Routine, SkinAnalysis

LIMIT = 3


@dataclass
class Attempt:
    method: str
    path: str
    status: int
    idempotency_key: Optional[str]
    retry_after: Optional[str]


@dataclass
class RateLimitOutcome:
    refused: RateLimitError
    routine: Routine
    attempts: list[Attempt] = field(default_factory=list)


def seconds_left_in_window() -> float:
    return 60 - time.time() % 60


def exercise_rate_limit(stack: LocalStack) -> RateLimitOutcome:
    account = stack.skin("accounts", "create", "--plan", "enterprise", "--limit", str(LIMIT), "--name", "low-limit")
    key = stack.skin("keys", "create", "--account", account["account_id"], "--env", "test")["key"]
    attempts: list[Attempt] = []

    def record(response: httpx.Response) -> None:
        attempts.append(Attempt(
            response.request.method, response.request.url.path, response.status_code,
            response.request.headers.get("idempotency-key"), response.headers.get("retry-after"),
        ))

    with httpx.Client(event_hooks={"response": [record]}) as http:
        client = SkinAnalysis(api_key=key, base_url=stack.api_url, http_client=http, max_retries=3)
        for _ in range(3):
            # Start with 5 to 9 s left in the window: the window's budget is spent in it (also on a slow, shared
            # machine), and the call then waits out a short Retry-After.
            left = seconds_left_in_window()
            if left < 5:
                time.sleep(left + 0.2)
                left = seconds_left_in_window()
            time.sleep(max(0.0, left - 9))
            attempts.clear()
            refused: Optional[RateLimitError] = None
            for _ in range(LIMIT + 1):
                try:
                    client.with_options(max_retries=0).markers.list()
                except RateLimitError as error:
                    refused = error
                    break
            routine = client.routines.create(markers={"acne": 31}, profile={"skin_type": "oily"})
            statuses = [a.status for a in attempts if a.path == "/v1/routines"]
            if refused is not None and statuses[0] == 429:
                return RateLimitOutcome(refused, routine, list(attempts))
    raise AssertionError(f"no 429 met in three windows: {attempts}")
