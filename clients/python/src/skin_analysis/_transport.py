"""Sends one API call with its retries, for the sync and the async client. Each attempt has its own timeout; the
call as a whole may have a total timeout that also bounds the waits between attempts."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Optional, Union

import httpx

from ._exceptions import APIConnectionError, APIError, APITimeoutError, error_from_response
from ._request import ApiRequest, RequestOptions, request_headers, request_params
from ._retry import RetryPolicy


@dataclass(frozen=True)
class TransportSettings:
    api_key: str
    base_url: str
    timeout: float = 60.0
    total_timeout: Optional[float] = None
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    default_headers: Mapping[str, str] = field(default_factory=dict)

    def attempt_timeout(self, options: Optional[RequestOptions]) -> float:
        """Seconds one attempt of a call may take: the call's `timeout` option, else the client's."""
        return (options or {}).get("timeout", self.timeout)

    def __repr__(self) -> str:
        # Never show the key (logs, tracebacks).
        return f"TransportSettings(base_url={self.base_url!r}, timeout={self.timeout}, retry={self.retry})"


class _Attempts:
    """The bookkeeping shared by both loops: the deadline, the attempt timeout, whether to retry and how long."""

    def __init__(self, settings: TransportSettings, request: ApiRequest, options: RequestOptions) -> None:
        self.request = request
        self.url = settings.base_url.rstrip("/") + request.path
        self.headers = request_headers(request, settings.api_key, settings.default_headers, options)
        self.params = request_params(request, options)
        self.timeout = settings.attempt_timeout(options)
        total = options.get("total_timeout", settings.total_timeout)
        self.deadline = None if total is None else time.monotonic() + total
        self.max_retries = options.get("max_retries", settings.retry.max_retries)
        self.policy = settings.retry
        self.retry_number = 0

    def attempt_timeout(self) -> float:
        if self.deadline is None:
            return self.timeout
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise APITimeoutError(f"{self.describe()}: the call's total timeout passed")
        return min(self.timeout, remaining)

    def describe(self) -> str:
        return f"{self.request.method} {self.request.path}"

    def request_arguments(self) -> dict[str, Any]:
        """The keyword arguments of one attempt's httpx `request` (sync and async alike)."""
        request = self.request
        return {
            "method": request.method,
            "url": self.url,
            "params": self.params,
            "json": request.json,
            "files": request.files,
            "data": request.data,
            "headers": self.headers,
            "timeout": self.attempt_timeout(),
        }

    def settle(self, outcome: Union[httpx.Response, httpx.TransportError]) -> Union[httpx.Response, float]:
        """The successful response, or the seconds to wait before the next attempt; raises when the outcome is
        final."""
        if isinstance(outcome, httpx.Response) and outcome.is_success:
            return outcome
        delay = self.wait_before_retry(outcome)
        if delay is None:
            raise self.failure(outcome)
        return delay

    def wait_before_retry(self, outcome: Union[httpx.Response, httpx.TransportError]) -> Optional[float]:
        """Seconds to wait before the next attempt, or None when this outcome is final."""
        if self.retry_number >= self.max_retries:
            return None
        if isinstance(outcome, httpx.Response):
            code = problem_code(outcome) if outcome.status_code == 409 else None
            delay = self.policy.delay_after_status(outcome.status_code, outcome.headers, self.retry_number, code)
        else:
            delay = self.policy.backoff(self.retry_number)
        if delay is None:
            return None
        if self.deadline is not None and time.monotonic() + delay >= self.deadline:
            return None
        self.retry_number += 1
        return delay

    def failure(self, outcome: Union[httpx.Response, httpx.TransportError]) -> APIError:
        if isinstance(outcome, httpx.Response):
            return error_from_response(outcome)
        attempts = self.retry_number + 1
        if isinstance(outcome, httpx.TimeoutException):
            return APITimeoutError(f"{self.describe()}: no answer in time after {attempts} attempt(s) ({outcome!r})")
        return APIConnectionError(f"{self.describe()}: no answer after {attempts} attempt(s) ({outcome!r})")


def problem_code(response: httpx.Response) -> Optional[str]:
    try:
        body = response.json()
    except ValueError:
        return None
    code = body.get("code") if isinstance(body, dict) else None
    return code if isinstance(code, str) else None


class SyncTransport:
    def __init__(self, settings: TransportSettings, http_client: httpx.Client) -> None:
        self.settings = settings
        self.http = http_client

    def send(self, request: ApiRequest, options: Optional[RequestOptions] = None) -> httpx.Response:
        """The successful response, or the exception of the last attempt."""
        attempts = _Attempts(self.settings, request, options or {})
        while True:
            outcome: Union[httpx.Response, httpx.TransportError]
            try:
                outcome = self.http.request(**attempts.request_arguments())
            except httpx.TransportError as error:
                outcome = error
            step = attempts.settle(outcome)
            if isinstance(step, httpx.Response):
                return step
            time.sleep(step)


class AsyncTransport:
    def __init__(self, settings: TransportSettings, http_client: httpx.AsyncClient) -> None:
        self.settings = settings
        self.http = http_client

    async def send(self, request: ApiRequest, options: Optional[RequestOptions] = None) -> httpx.Response:
        """The successful response, or the exception of the last attempt."""
        attempts = _Attempts(self.settings, request, options or {})
        while True:
            outcome: Union[httpx.Response, httpx.TransportError]
            try:
                outcome = await self.http.request(**attempts.request_arguments())
            except httpx.TransportError as error:
                outcome = error
            step = attempts.settle(outcome)
            if isinstance(step, httpx.Response):
                return step
            await asyncio.sleep(step)
