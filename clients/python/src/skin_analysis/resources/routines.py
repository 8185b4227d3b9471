"""POST /v1/routines and GET /v1/routines/{routine_id}."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union
from urllib.parse import quote

from .._request import ApiRequest, RequestOptions
from ..types import Routine, result_from
from ._base import AsyncResource, SyncResource
from ._bodies import json_body

MarkerScores = Mapping[str, Union[int, Mapping[str, Any], Any]]


def create_request(
    scan_id: Optional[str],
    markers: Optional[MarkerScores],
    profile: Optional[Any],
    user_id: Optional[str],
    products: Optional[Sequence[Any]],
) -> ApiRequest:
    # {"acne": 31} is shorthand for {"acne": {"score": 31}}.
    marker_body = None if markers is None else {
        name: {"score": value} if isinstance(value, int) else value for name, value in markers.items()
    }
    body = json_body(scan_id=scan_id, markers=marker_body, profile=profile, user_id=user_id,
                     products=list(products) if products is not None else None)
    return ApiRequest("POST", "/v1/routines", json=body, idempotent=True)


def get_request(routine_id: str) -> ApiRequest:
    return ApiRequest("GET", f"/v1/routines/{quote(routine_id, safe='')}")


class Routines(SyncResource):
    def create(
        self,
        *,
        scan_id: Optional[str] = None,
        markers: Optional[MarkerScores] = None,
        profile: Optional[Any] = None,
        user_id: Optional[str] = None,
        products: Optional[Sequence[Any]] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Routine:
        """A routine (AM, PM, weekly) from a completed scan or from marker scores, shaped by `profile`
        ({"skin_type", "sensitive", "pregnant_or_breastfeeding", "preferences"}); `products` are picked from.
        Retries reuse one idempotency key."""
        request = create_request(scan_id, markers, profile, user_id, products)
        return result_from(Routine, self._transport.send(request, request_options))

    def get(self, routine_id: str, *, request_options: Optional[RequestOptions] = None) -> Routine:
        return result_from(Routine, self._transport.send(get_request(routine_id), request_options))


class AsyncRoutines(AsyncResource):
    async def create(
        self,
        *,
        scan_id: Optional[str] = None,
        markers: Optional[MarkerScores] = None,
        profile: Optional[Any] = None,
        user_id: Optional[str] = None,
        products: Optional[Sequence[Any]] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Routine:
        request = create_request(scan_id, markers, profile, user_id, products)
        return result_from(Routine, await self._transport.send(request, request_options))

    async def get(self, routine_id: str, *, request_options: Optional[RequestOptions] = None) -> Routine:
        return result_from(Routine, await self._transport.send(get_request(routine_id), request_options))
