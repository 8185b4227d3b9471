"""A 429 from the running service is retried after its Retry-After, with the same idempotency key."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Optional

from rate_limit_run import LIMIT, RateLimitOutcome


def test_when_the_limit_is_spent_then_the_429_is_raised_without_retries_and_retried_after_retry_after_with_them(
    rate_limit_outcome: Optional[Future[RateLimitOutcome]],
) -> None:
    assert rate_limit_outcome is not None
    outcome = rate_limit_outcome.result(timeout=200)

    refused = outcome.refused
    assert refused.status == 429
    assert refused.code == "rate_limited"
    assert refused.retry_after is not None
    assert 0 < refused.retry_after <= 10
    assert refused.request_id is not None
    # RateLimit-Limit today; the drafts' RateLimit-Policy (`3;w=60` or `"default";q=3;w=60`) carries the same number.
    policy = refused.headers.get("ratelimit-policy", "")
    assert refused.headers.get("ratelimit-limit") == str(LIMIT) or policy.startswith(f"{LIMIT};") or (
        f"q={LIMIT};" in policy
    )

    routine_attempts = [a for a in outcome.attempts if a.path == "/v1/routines"]
    assert routine_attempts[0].status == 429
    assert routine_attempts[-1].status == 201
    assert routine_attempts[0].retry_after is not None
    keys = {a.idempotency_key for a in routine_attempts}
    assert len(keys) == 1
    assert None not in keys
    assert outcome.routine.routine_id.startswith("rtn_")
    assert outcome.routine.request_id is not None
