"""GET /v1/users/{user_id}/score and DELETE /v1/users/{user_id} (erasure)."""

from __future__ import annotations

from typing import Optional
from urllib.parse import quote

from .._request import ApiRequest, RequestOptions
from ..types import Deleted, UserScore, request_id_of, result_from
from ._base import AsyncResource, SyncResource


def user_path(user_id: str) -> str:
    return f"/v1/users/{quote(user_id, safe='')}"


class Users(SyncResource):
    def score(self, user_id: str, *, request_options: Optional[RequestOptions] = None) -> UserScore:
        """The user's smoothed skin score, per-marker values, trend and history."""
        response = self._transport.send(ApiRequest("GET", f"{user_path(user_id)}/score"), request_options)
        return result_from(UserScore, response)

    def erase(self, user_id: str, *, request_options: Optional[RequestOptions] = None) -> Deleted:
        """Erases every scan, image, overlay, routine, score and webhook delivery of the user."""
        response = self._transport.send(ApiRequest("DELETE", user_path(user_id)), request_options)
        return Deleted(id=user_id, request_id=request_id_of(response))


class AsyncUsers(AsyncResource):
    async def score(self, user_id: str, *, request_options: Optional[RequestOptions] = None) -> UserScore:
        response = await self._transport.send(ApiRequest("GET", f"{user_path(user_id)}/score"), request_options)
        return result_from(UserScore, response)

    async def erase(self, user_id: str, *, request_options: Optional[RequestOptions] = None) -> Deleted:
        response = await self._transport.send(ApiRequest("DELETE", user_path(user_id)), request_options)
        return Deleted(id=user_id, request_id=request_id_of(response))
