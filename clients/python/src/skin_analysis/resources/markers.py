"""GET /v1/markers: the marker catalogue."""

from __future__ import annotations

from typing import Optional

from .._request import ApiRequest, RequestOptions
from ..types import MarkerCatalogue, result_from
from ._base import AsyncResource, SyncResource

_LIST = ApiRequest("GET", "/v1/markers")


class Markers(SyncResource):
    def list(self, *, request_options: Optional[RequestOptions] = None) -> MarkerCatalogue:
        """Every marker: what it measures, where, and its severity bands."""
        return result_from(MarkerCatalogue, self._transport.send(_LIST, request_options))


class AsyncMarkers(AsyncResource):
    async def list(self, *, request_options: Optional[RequestOptions] = None) -> MarkerCatalogue:
        return result_from(MarkerCatalogue, await self._transport.send(_LIST, request_options))
