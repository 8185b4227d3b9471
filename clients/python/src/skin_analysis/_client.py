"""SkinAnalysis and AsyncSkinAnalysis: the key, the base URL and the retry and timeout settings, with one
attribute per API resource."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Optional

import httpx

from ._exceptions import SkinAnalysisError
from ._request import ApiRequest, RequestOptions
from ._retry import RetryPolicy
from ._transport import AsyncTransport, SyncTransport, TransportSettings
from .resources.client_tokens import AsyncClientTokens, ClientTokens
from .resources.ingredients import AsyncIngredients, Ingredients
from .resources.markers import AsyncMarkers, Markers
from .resources.routines import AsyncRoutines, Routines
from .resources.scans import AsyncScans, Scans
from .resources.uploads import AsyncUploads, Uploads
from .resources.users import AsyncUsers, Users
from .webhooks import AsyncWebhooks, Webhooks

OPENAPI_REQUEST = ApiRequest("GET", "/v1/openapi.json")

#: The local stack's address (`npm start`), used when neither base_url nor SKIN_API_URL is set.
DEFAULT_BASE_URL = "http://127.0.0.1:3000"


def _settings(
    api_key: Optional[str],
    base_url: Optional[str],
    timeout: float,
    total_timeout: Optional[float],
    max_retries: int,
    max_retry_after: float,
    default_headers: Optional[Mapping[str, str]],
) -> TransportSettings:
    key = api_key or os.environ.get("SKIN_API_KEY")
    if not key:
        raise SkinAnalysisError(
            "no API key: pass api_key=... or set SKIN_API_KEY (sk_test_..., sk_live_..., or a client token ct_...)"
        )
    return TransportSettings(
        api_key=key,
        base_url=(base_url or os.environ.get("SKIN_API_URL") or DEFAULT_BASE_URL).rstrip("/"),
        timeout=timeout,
        total_timeout=total_timeout,
        retry=RetryPolicy(max_retries=max_retries, max_retry_after=max_retry_after),
        default_headers=dict(default_headers or {}),
    )


class _ClientCore:
    """What the sync and the async client share: their arguments (for with_options()) and their settings."""

    _options: dict[str, Any]
    base_url: str
    _owns_http_client: bool

    def _configure(self, arguments: Mapping[str, Any]) -> tuple[TransportSettings, Optional[str]]:
        """Keeps the constructor's `arguments` and returns the transport settings and the webhook secret."""
        self._options = {name: value for name, value in arguments.items() if name != "self"}
        options = self._options
        settings = _settings(
            options["api_key"], options["base_url"], options["timeout"], options["total_timeout"],
            options["max_retries"], options["max_retry_after"], options["default_headers"],
        )
        self.base_url = settings.base_url
        self._owns_http_client = options["http_client"] is None
        return settings, options["webhook_secret"] or os.environ.get("SKIN_WEBHOOK_SECRET")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"


class SkinAnalysis(_ClientCore):
    """The synchronous client.

    >>> client = SkinAnalysis()  # SKIN_API_KEY and SKIN_API_URL from the environment
    >>> scan = client.scans.create("face.jpg", markers=["acne", "hydration"])
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        timeout: float = 60.0,
        total_timeout: Optional[float] = None,
        max_retries: int = 2,
        max_retry_after: float = 60.0,
        webhook_secret: Optional[str] = None,
        default_headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        """`timeout` bounds each attempt, `total_timeout` the whole call (retries and waits included);
        `max_retries` retries connection errors, 429 (after Retry-After, when at most `max_retry_after` s) and
        5xx. Pass your own `http_client` for proxies, transports or event hooks."""
        settings, secret = self._configure(locals())  # every argument: nothing else is bound yet
        self._http_client = http_client or httpx.Client(follow_redirects=False)
        transport = SyncTransport(settings, self._http_client)
        self._transport = transport
        self.scans = Scans(transport)
        self.markers = Markers(transport)
        self.ingredients = Ingredients(transport)
        self.routines = Routines(transport)
        self.users = Users(transport)
        self.uploads = Uploads(transport)
        self.client_tokens = ClientTokens(transport)
        self.webhooks = Webhooks(transport, secret)

    def openapi_document(self, *, request_options: Optional[RequestOptions] = None) -> dict[str, Any]:
        """GET /v1/openapi.json: the OpenAPI 3.1 document the service implements (the one these models come from)."""
        document: dict[str, Any] = self._transport.send(OPENAPI_REQUEST, request_options).json()
        return document

    def with_options(self, **changes: Any) -> SkinAnalysis:
        """A client with some settings changed (same connection pool), e.g. `client.with_options(max_retries=0)`."""
        options = {**self._options, "http_client": self._http_client, **changes}
        return SkinAnalysis(**options)

    def close(self) -> None:
        if self._owns_http_client:
            self._http_client.close()

    def __enter__(self) -> SkinAnalysis:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncSkinAnalysis(_ClientCore):
    """The asyncio client: the same resources, with coroutine methods.

    >>> async with AsyncSkinAnalysis() as client:
    ...     scan = await client.scans.create("face.jpg")
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        timeout: float = 60.0,
        total_timeout: Optional[float] = None,
        max_retries: int = 2,
        max_retry_after: float = 60.0,
        webhook_secret: Optional[str] = None,
        default_headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        settings, secret = self._configure(locals())  # every argument: nothing else is bound yet
        self._http_client = http_client or httpx.AsyncClient(follow_redirects=False)
        transport = AsyncTransport(settings, self._http_client)
        self._transport = transport
        self.scans = AsyncScans(transport)
        self.markers = AsyncMarkers(transport)
        self.ingredients = AsyncIngredients(transport)
        self.routines = AsyncRoutines(transport)
        self.users = AsyncUsers(transport)
        self.uploads = AsyncUploads(transport)
        self.client_tokens = AsyncClientTokens(transport)
        self.webhooks = AsyncWebhooks(transport, secret)

    async def openapi_document(self, *, request_options: Optional[RequestOptions] = None) -> dict[str, Any]:
        """GET /v1/openapi.json: the OpenAPI 3.1 document the service implements."""
        document: dict[str, Any] = (await self._transport.send(OPENAPI_REQUEST, request_options)).json()
        return document

    def with_options(self, **changes: Any) -> AsyncSkinAnalysis:
        options = {**self._options, "http_client": self._http_client, **changes}
        return AsyncSkinAnalysis(**options)

    async def close(self) -> None:
        if self._owns_http_client:
            await self._http_client.aclose()

    async def __aenter__(self) -> AsyncSkinAnalysis:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
