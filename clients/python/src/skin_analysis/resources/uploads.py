"""POST /v1/uploads and the upload itself: a presigned POST straight to storage, for photos larger than the API
takes in one request (or sent from an app with a client token). Then scans.create_from_upload(upload_id)."""

from __future__ import annotations

from typing import Optional

import httpx

from .._exceptions import APIConnectionError, APITimeoutError, error_from_response
from .._files import ImageInput, read_image
from .._request import USER_AGENT, ApiRequest, RequestOptions
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
        fields, files = storage_form(upload, image, filename)
        try:
            response = self._transport.http.post(
                upload.url, data=fields, files=files, headers={"User-Agent": USER_AGENT},
                timeout=self._transport.settings.timeout,
            )
        except httpx.TimeoutException as error:
            raise APITimeoutError(f"POST {upload.url}: no answer in time ({error!r})") from error
        except httpx.TransportError as error:
            raise APIConnectionError(f"POST {upload.url}: no answer ({error!r})") from error
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
        fields, files = storage_form(upload, image, filename)
        try:
            response = await self._transport.http.post(
                upload.url, data=fields, files=files, headers={"User-Agent": USER_AGENT},
                timeout=self._transport.settings.timeout,
            )
        except httpx.TimeoutException as error:
            raise APITimeoutError(f"POST {upload.url}: no answer in time ({error!r})") from error
        except httpx.TransportError as error:
            raise APIConnectionError(f"POST {upload.url}: no answer ({error!r})") from error
        check_stored(response)

    async def upload(
        self, image: ImageInput, *, user_id: Optional[str] = None, content_type: Optional[str] = None
    ) -> Upload:
        filename, content, sniffed = read_image(image, content_type=content_type)
        upload = await self.create(sniffed, user_id=user_id)
        await self.send(upload, content, filename=filename)
        return upload
