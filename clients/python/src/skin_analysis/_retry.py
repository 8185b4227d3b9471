"""When to retry an attempt and how long to wait: connection failures, 429 and 5xx are retried with exponential
backoff and jitter; a 429 waits what the service asked for (Retry-After, or the RateLimit reset)."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Callable, Optional

from ._exceptions import parse_retry_after

IN_FLIGHT_CODE = "idempotency_conflict"
_DRAFT_RESET = re.compile(r"(?:^|[;,\s])(?:t|reset)=(\d+(?:\.\d+)?)")


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 2
    """Retries after the first attempt; 0 turns retrying off."""
    base_delay: float = 0.5
    """First backoff wait in seconds; doubles per retry."""
    max_delay: float = 8.0
    """Longest backoff wait."""
    max_retry_after: float = 60.0
    """A 429 or 503 asking to wait longer than this is raised at once instead of waited for."""
    random: Callable[[], float] = random.random

    def backoff(self, retry_number: int) -> float:
        """About base x 2^n, never above max_delay, with jitter over the upper half so clients spread out."""
        ceiling = min(self.max_delay, self.base_delay * (2**retry_number))
        return float(ceiling / 2 + self.random() * (ceiling / 2))

    def delay_after_status(
        self, status: int, headers: Mapping[str, str], retry_number: int, code: Optional[str] = None
    ) -> Optional[float]:
        """Seconds to wait before retrying a response with this status, or None when it must not be retried.
        A 409 `idempotency_conflict` is retried too: the first request with that key may still be running (an
        attempt that timed out on this side), and its answer is replayed once it ends."""
        if status == 409 and code == IN_FLIGHT_CODE:
            return self.backoff(retry_number)
        if status != 429 and status < 500:
            return None
        asked = requested_wait(headers) if status in (429, 503) else None
        if asked is None:
            return self.backoff(retry_number)
        if asked > self.max_retry_after:
            return None
        # A little past the reset, so the retry lands in the new window.
        return asked + self.random() * 0.25


def requested_wait(headers: Mapping[str, str]) -> Optional[float]:
    """Retry-After; else RateLimit-Reset; else the reset of the draft `RateLimit: ...;t=N` field."""
    lowered = {name.lower(): value for name, value in headers.items()}
    seconds = parse_retry_after(lowered.get("retry-after"))
    if seconds is not None:
        return seconds
    reset = lowered.get("ratelimit-reset")
    if reset is not None:
        try:
            return max(0.0, float(reset.strip()))
        except ValueError:
            pass
    draft = lowered.get("ratelimit")
    if draft is not None:
        match = _DRAFT_RESET.search(draft)
        if match:
            return float(match.group(1))
    return None
