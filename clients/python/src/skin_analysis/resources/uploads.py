"""POST /v1/uploads and the upload itself: a presigned POST straight to storage, for photos larger than the API
takes in one request (or sent from an app with a client token). Then scans.create_from_upload(upload_id)."""

from __future__ import annotations

from typing import Any, Optional

import httpx

from .._exceptions import APIConnectionError, APIError, APITimeoutError, error_from_response
from .._files import ImageInput, read_image
from .._request import USER_AGENT, ApiRequest, RequestOptions
from .._transport import TransportSettings
from ..types import Upload, result_from
from ._base import AsyncResource, SyncResource
from ._bodies import json_body


def create_request(content_type: str, user_id: Optional[str]) -> ApiRequest:
    return ApiRequest("POST", "/v1/uploads", json=json_body(content_type=content_type, user_id=user_id))


def storage_form(
    upload: Upload, image: ImageInput, filename: Optional[str]
) -> tuple[dict[str, str], dict[str, tuple[str, bytes, str]]]:
    """The presigned form: every field as given, then the photo as the last part, named `file`. No API key: the
    request goes to storage, whose policy and signature are in the fields."""
    name, content, sniffed = read_image(image, filename)
    return dict(upload.fields), {"file": (name, content, upload.fields.get("Content-Type", sniffed))}


def storage_post(
    upload: Upload, image: ImageInput, filename: Optional[str], settings: TransportSettings
) -> dict[str, Any]:
    """The keyword arguments of httpx's `post` that sends the photo to storage (sync and async alike)."""
    fields, files = storage_form(upload, image, filename)
    return {
        "url": upload.url, "data": fields, "files": files, "headers": {"User-Agent": USER_AGENT},
        "timeout": settings.timeout,
    }


def storage_unreachable(upload: Upload, error: httpx.TransportError) -> APIError:
    if isinstance(error, httpx.TimeoutException):
        return APITimeoutError(f"POST {upload.url}: no answer in time ({error!r})")
    return APIConnectionError(f"POST {upload.url}: no answer ({error!r})")


def check_stored(response: httpx.Response) -> None:
    if not response.is_success:
        raise error_from_response(response)


class Uploads(SyncResource):
    def create(
        self, content_type: str, *, user_id: Optional[str] = None, request_options: Optional[RequestOptions] = None
    ) -> Upload:
        """A presigned POST for one photo of `content_type` (image/jpeg, image/png, image/webp)."""
        return result_from(Upload, self._transport.send(create_request(content_type, user_id), request_options))

    def send(self, upload: Upload, image: ImageInput, *, filename: Optional[str] = None) -> None:
        """Posts the photo (a path, bytes or a binary file) to storage with the upload's presigned form."""
        try:
            post = storage_post(upload, image, filename, self._transport.settings)
            response = self._transport.http.post(**post)
        except httpx.TransportError as error:
            raise storage_unreachable(upload, error) from error
        check_stored(response)

    def upload(
        self, image: ImageInput, *, user_id: Optional[str] = None, content_type: Optional[str] = None
    ) -> Upload:
        """create() and send() in one (the photo read once): returns the upload whose `upload_id`
        scans.create_from_upload takes. The media type is read from the photo's first bytes unless given."""
        filename, content, sniffed = read_image(image, content_type=content_type)
        upload = self.create(sniffed, user_id=user_id)
        self.send(upload, content, filename=filename)
        return upload


class AsyncUploads(AsyncResource):
    async def create(
        self, content_type: str, *, user_id: Optional[str] = None, request_options: Optional[RequestOptions] = None
    ) -> Upload:
        response = await self._transport.send(create_request(content_type, user_id), request_options)
        return result_from(Upload, response)

    async def send(self, upload: Upload, image: ImageInput, *, filename: Optional[str] = None) -> None:
        try:
            post = storage_post(upload, image, filename, self._transport.settings)
            response = await self._transport.http.post(**post)
        except httpx.TransportError as error:
            raise storage_unreachable(upload, error) from error
        check_stored(response)

    async def upload(
        self, image: ImageInput, *, user_id: Optional[str] = None, content_type: Optional[str] = None
    ) -> Upload:
        filename, content, sniffed = read_image(image, content_type=content_type)
        upload = await self.create(sniffed, user_id=user_id)
        await self.send(upload, content, filename=filename)
        return upload
