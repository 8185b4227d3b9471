"""POST /v1/client_tokens: a short-lived credential for one user, minted by your back end for your app."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from .._request import ApiRequest, RequestOptions
from ..types import ClientToken, result_from
from ._base import AsyncResource, SyncResource
from ._bodies import json_body


def create_request(user_id: str, scopes: Optional[Sequence[str]], expires_in: Optional[int]) -> ApiRequest:
    body = json_body(user_id=user_id, scopes=list(scopes) if scopes is not None else None, expires_in=expires_in)
    return ApiRequest("POST", "/v1/client_tokens", json=body)


class ClientTokens(SyncResource):
    def create(
        self,
        user_id: str,
        *,
        scopes: Optional[Sequence[str]] = None,
        expires_in: Optional[int] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> ClientToken:
        """A token acting for `user_id` only (scopes among scans:write, scans:read, scores:read; default all),
        valid `expires_in` seconds (60 to 86400, default 900). The app uses `SkinAnalysis(api_key=token.token)`."""
        request = create_request(user_id, scopes, expires_in)
        return result_from(ClientToken, self._transport.send(request, request_options))


class AsyncClientTokens(AsyncResource):
    async def create(
        self,
        user_id: str,
        *,
        scopes: Optional[Sequence[str]] = None,
        expires_in: Optional[int] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> ClientToken:
        request = create_request(user_id, scopes, expires_in)
        return result_from(ClientToken, await self._transport.send(request, request_options))
