"""What one API call sends, independent of sync or async: method, path, query, body, and whether the call carries
an idempotency key (POST /v1/scans and POST /v1/routines)."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Optional

import httpx
from typing_extensions import TypedDict

from ._version import __version__

USER_AGENT = (
    f"skin-analysis-python/{__version__} httpx/{httpx.__version__} "
    f"python/{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"
)


class RequestOptions(TypedDict, total=False):
    """Per-call settings; every method accepts them as `request_options=`."""

    timeout: float
    """Seconds one attempt may take (connect, send, wait, read)."""
    total_timeout: float
    """Seconds the whole call may take, its retries and their waits included."""
    max_retries: int
    idempotency_key: str
    """POST /v1/scans and /v1/routines: your own key instead of a fresh UUID (reused by the call's retries)."""
    extra_headers: Mapping[str, str]
    extra_query: Mapping[str, str]
    """Query parameters this version of the library does not know yet."""


@dataclass(frozen=True)
class ApiRequest:
    method: str
    path: str
    params: Mapping[str, Any] = field(default_factory=dict)
    json: Optional[Any] = None
    files: Optional[Mapping[str, tuple[str, bytes, str]]] = None
    data: Optional[Mapping[str, str]] = None
    headers: Mapping[str, str] = field(default_factory=dict)
    idempotent: bool = False
    accept: str = "application/json"


def request_headers(
    request: ApiRequest, api_key: str, default_headers: Mapping[str, str], options: RequestOptions
) -> dict[str, str]:
    """The headers of every attempt of one call: the idempotency key is made here, once per call."""
    headers = {
        "Authorization": f"Bearer {api_key}",
        "User-Agent": USER_AGENT,
        "Accept": request.accept,
        **default_headers,
        **request.headers,
        **options.get("extra_headers", {}),
    }
    if request.idempotent:
        headers["Idempotency-Key"] = options.get("idempotency_key") or str(uuid.uuid4())
    return headers


def request_params(request: ApiRequest, options: RequestOptions) -> dict[str, Any]:
    params = {name: value for name, value in request.params.items() if value is not None}
    params.update(options.get("extra_query", {}))
    return params
