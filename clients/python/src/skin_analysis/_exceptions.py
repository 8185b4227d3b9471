"""The exceptions this library raises: one class per problem family, chosen by the problem's `code` first and its
HTTP status second, so a code the service adds later still lands in the right family."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Optional

import httpx

__all__ = [
    "APIConnectionError",
    "APIError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "ConflictError",
    "InvalidRequestError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "SkinAnalysisError",
    "UnprocessablePhotoError",
    "WebhookVerificationError",
]


class SkinAnalysisError(Exception):
    """Base class of every exception this library raises."""


class APIError(SkinAnalysisError):
    """A call that did not succeed. `code` is the stable machine-readable reason; `request_id` is what support
    asks for; `problem` is the whole RFC 9457 body when the service sent one."""

    code: str
    status: Optional[int]
    request_id: Optional[str]
    problem: Optional[dict[str, Any]]

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status: Optional[int] = None,
        request_id: Optional[str] = None,
        problem: Optional[dict[str, Any]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.request_id = request_id
        self.problem = problem

    def __str__(self) -> str:
        suffix = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.message}{suffix}"


class APIStatusError(APIError):
    """The service answered with a 4xx or 5xx status."""

    status: int

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status: int,
        request_id: Optional[str],
        problem: Optional[dict[str, Any]],
        headers: Mapping[str, str],
    ) -> None:
        super().__init__(message, code=code, status=status, request_id=request_id, problem=problem)
        self.headers = headers
        body = problem or {}
        self.title: str = str(body.get("title", ""))
        self.detail: str = str(body.get("detail", message))
        raw_errors = body.get("errors")
        #: One entry per failing parameter: {"param": ..., "message": ...}.
        self.errors: list[dict[str, str]] = list(raw_errors) if isinstance(raw_errors, list) else []


class AuthenticationError(APIStatusError):
    """401: no key, a malformed key, or a key that is unknown, revoked or expired."""


class PermissionDeniedError(APIStatusError):
    """403: the key lacks the operation's scope."""


class NotFoundError(APIStatusError):
    """404: no such resource in this account and environment; 410: an upload that has expired."""


class InvalidRequestError(APIStatusError):
    """400, 413, 415: a parameter is missing or malformed (see `errors`), an unknown marker, a bad cursor, a body
    too large or of the wrong type."""


class UnprocessablePhotoError(APIStatusError):
    """422: the photo cannot be judged. `quality_code` says why (`no_face`, `blurry`, `too_dark`, `image_too_small`,
    ...); `scan_id` names the stored `failed` scan when one was made."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status: int,
        request_id: Optional[str],
        problem: Optional[dict[str, Any]],
        headers: Mapping[str, str],
        scan_id: Optional[str] = None,
    ) -> None:
        super().__init__(message, code=code, status=status, request_id=request_id, problem=problem, headers=headers)
        problem_scan_id = (problem or {}).get("scan_id")
        self.scan_id: Optional[str] = scan_id or (problem_scan_id if isinstance(problem_scan_id, str) else None)

    @property
    def quality_code(self) -> str:
        """The check that refused the photo (the problem's `code`)."""
        return self.code


class ConflictError(APIStatusError):
    """409 (or any status with a conflict code): an idempotency key reused with another request (409
    `idempotency_conflict`, or 422 `idempotency_key_reused` from services that follow the IETF draft), a scan that
    has not completed yet, an upload already used or not uploaded yet."""


class RateLimitError(APIStatusError):
    """429: over the account's requests per minute, after the retries. `retry_after` is in seconds."""

    @property
    def retry_after(self) -> Optional[float]:
        return parse_retry_after(self.headers.get("retry-after"))


class ServerError(APIStatusError):
    """5xx: the service failed, after the retries."""


class APIConnectionError(APIError):
    """No answer: the connection failed (after the retries)."""

    def __init__(self, message: str, *, code: str = "connection_error") -> None:
        super().__init__(message, code=code)


class APITimeoutError(APIConnectionError):
    """No answer in time: an attempt's timeout (after the retries) or the call's total timeout."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="timeout")


class WebhookVerificationError(SkinAnalysisError):
    """A webhook delivery that must not be trusted. `reason` is one of `missing_header`, `invalid_timestamp`,
    `timestamp_too_old`, `timestamp_too_new`, `no_matching_signature`, `invalid_secret`, `invalid_payload`."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


_FAMILY_BY_CODE: dict[str, type[APIStatusError]] = {
    "unauthenticated": AuthenticationError,
    "invalid_api_key": AuthenticationError,
    "insufficient_scope": PermissionDeniedError,
    "forbidden": PermissionDeniedError,
    "not_found": NotFoundError,
    "invalid_request": InvalidRequestError,
    "unknown_marker": InvalidRequestError,
    "invalid_cursor": InvalidRequestError,
    "method_not_allowed": InvalidRequestError,
    "payload_too_large": InvalidRequestError,
    "unsupported_media_type": InvalidRequestError,
    "idempotency_conflict": ConflictError,
    "idempotency_key_reused": ConflictError,
    "scan_not_completed": ConflictError,
    "rate_limited": RateLimitError,
    "internal_error": ServerError,
}

_FAMILY_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    405: InvalidRequestError,
    # Gone: an expired upload (`upload_expired`) is as absent as an unknown one.
    410: NotFoundError,
    409: ConflictError,
    413: InvalidRequestError,
    415: InvalidRequestError,
    # Every other 422 of this API is about the photo: a failed quality check or an image that cannot be read.
    422: UnprocessablePhotoError,
    429: RateLimitError,
}


def error_class_for(status: int, code: str) -> type[APIStatusError]:
    """The family of a failed response: a known code decides (an idempotency conflict stays a ConflictError
    whether the service answers 409 or 422), then the status; unknown 5xx are ServerError."""
    family = _FAMILY_BY_CODE.get(code)
    if family is not None:
        return family
    if code.endswith("_conflict") or code.startswith("idempotency_"):
        return ConflictError
    family = _FAMILY_BY_STATUS.get(status)
    if family is not None:
        return family
    return ServerError if status >= 500 else APIStatusError


def error_from_response(response: httpx.Response) -> APIStatusError:
    """The exception for a non-2xx response: from its problem+json body, or (a proxy or gateway answered) from
    the status alone."""
    headers = {name.lower(): value for name, value in response.headers.items()}
    header_request_id = headers.get("request-id") or headers.get("x-amzn-requestid")
    problem: Optional[dict[str, Any]] = None
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("code"), str):
        problem = body
    status = response.status_code
    if problem is not None:
        code = str(problem["code"])
        request_id = problem.get("request_id") if isinstance(problem.get("request_id"), str) else header_request_id
        detail = problem.get("detail") or problem.get("title") or f"HTTP {status}"
        message = f"{status} {code}: {detail}"
    else:
        code = "internal_error" if status >= 500 else f"http_{status}"
        request_id = header_request_id
        message = f"{status} {code}: {response.text[:200] or response.reason_phrase}"
    family = error_class_for(status, code)
    return family(message, code=code, status=status, request_id=request_id, problem=problem, headers=headers)


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """`Retry-After` in seconds: a number of seconds or an HTTP date; None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())
