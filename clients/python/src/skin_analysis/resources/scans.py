"""POST/GET/DELETE /v1/scans, GET /v1/scans/{scan_id}/overlay, and waiting for a scan to finish."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Optional, Union
from urllib.parse import quote

import httpx

from .._exceptions import APITimeoutError, UnprocessablePhotoError
from .._files import ImageInput, read_image
from .._request import ApiRequest, RequestOptions
from ..pagination import AsyncPage, AsyncPaginator, SyncPage
from ..types import Deleted, Overlay, Scan, request_id_of, result_from
from ._base import AsyncResource, SyncResource

#: `wait=True` asks the service to hold the answer this long (its maximum) before answering 202.
SERVER_WAIT_SECONDS = 25

Markers = Union[str, Sequence[str]]
ScanRef = Union[Scan, str]


class Scans(SyncResource):
    def create(
        self,
        image: ImageInput,
        *,
        markers: Optional[Markers] = None,
        user_id: Optional[str] = None,
        wait: Union[bool, int] = True,
        wait_timeout: float = 120.0,
        filename: Optional[str] = None,
        content_type: Optional[str] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Scan:
        """Analyses a photo (a path, bytes, or a file opened in binary mode).

        `wait=True` (default) returns the finished scan, polling after a 202 for up to `wait_timeout` seconds, and
        raises UnprocessablePhotoError when the photo fails a check; `wait=False` returns at once (`Prefer:
        respond-async`), usually with the scan `processing`; `wait=N` lets the service wait N seconds and returns
        whatever it has then. Retries reuse one idempotency key, so a retried upload never makes two scans.
        """
        attempt_timeout = self._transport.settings.attempt_timeout(request_options)
        request = create_request(image, markers, user_id, wait, filename, content_type, attempt_timeout)
        return self._settle(result_from(Scan, self._transport.send(request, request_options)), wait, wait_timeout)

    def create_from_upload(
        self,
        upload_id: str,
        *,
        markers: Optional[Markers] = None,
        user_id: Optional[str] = None,
        wait: Union[bool, int] = True,
        wait_timeout: float = 120.0,
        request_options: Optional[RequestOptions] = None,
    ) -> Scan:
        """Analyses a photo sent with uploads.upload() (or uploads.create() and send()); `wait` as in create()."""
        attempt_timeout = self._transport.settings.attempt_timeout(request_options)
        request = from_upload_request(upload_id, markers, user_id, wait, attempt_timeout)
        return self._settle(result_from(Scan, self._transport.send(request, request_options)), wait, wait_timeout)

    def get(self, scan_id: str, *, request_options: Optional[RequestOptions] = None) -> Scan:
        response = self._transport.send(ApiRequest("GET", scan_path(scan_id)), request_options)
        return result_from(Scan, response)

    def delete(self, scan_id: str, *, request_options: Optional[RequestOptions] = None) -> Deleted:
        """Deletes the scan, its stored image and its overlays."""
        response = self._transport.send(ApiRequest("DELETE", scan_path(scan_id)), request_options)
        return Deleted(id=scan_id, request_id=request_id_of(response))

    def list(
        self,
        *,
        user_id: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> SyncPage[Scan]:
        """Newest first. Iterating the page walks every scan, fetching the next pages as it goes."""

        def fetch(page_cursor: Optional[str]) -> SyncPage[Scan]:
            response = self._transport.send(list_request(user_id, limit, page_cursor), request_options)
            data, has_more, next_cursor = page_fields(response)
            return SyncPage(data, has_more=has_more, next_cursor=next_cursor, request_id=request_id_of(response),
                            fetch_next=fetch)

        return fetch(cursor)

    def overlay(
        self,
        scan_id: str,
        *,
        marker: Optional[str] = None,
        style: Optional[str] = None,
        aligned: Optional[str] = None,
        width: Optional[int] = None,
        legend: Optional[bool] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Overlay:
        """The PNG overlay of one analysed marker (default: the first), drawn on request: `style` is `regions`
        (default), `heatmap` or `spots`; `aligned` is `crop` (default, the aligned face) or `original` (a transparent
        layer the size of the photo, to lay over it); `width` in pixels; `legend=True` adds a label box with the
        marker, its score and severity."""
        request = overlay_request(scan_id, marker, style, aligned, width, legend)
        response = self._transport.send(request, request_options)
        return overlay_from(response)

    def wait_for(
        self, scan: ScanRef, *, timeout: float = 120.0, interval: float = 0.25, max_interval: float = 4.0
    ) -> Scan:
        """Polls until the scan is completed or failed (returned as it is), waiting longer between polls each time;
        raises APITimeoutError when it is still processing after `timeout` seconds."""
        polling = Polling(scan, timeout, interval, max_interval)
        while True:
            current = self.get(polling.scan_id)
            if current.is_done:
                return current
            time.sleep(polling.next_delay())

    def _settle(self, scan: Scan, wait: Union[bool, int], wait_timeout: float) -> Scan:
        """`wait=True`: the finished scan, polled for after a 202, and a failed one raised."""
        if wait is not True:
            return scan
        return raise_if_failed(scan if scan.is_done else self.wait_for(scan, timeout=wait_timeout))


class AsyncScans(AsyncResource):
    async def create(
        self,
        image: ImageInput,
        *,
        markers: Optional[Markers] = None,
        user_id: Optional[str] = None,
        wait: Union[bool, int] = True,
        wait_timeout: float = 120.0,
        filename: Optional[str] = None,
        content_type: Optional[str] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Scan:
        """See Scans.create."""
        attempt_timeout = self._transport.settings.attempt_timeout(request_options)
        request = create_request(image, markers, user_id, wait, filename, content_type, attempt_timeout)
        scan = result_from(Scan, await self._transport.send(request, request_options))
        return await self._settle(scan, wait, wait_timeout)

    async def create_from_upload(
        self,
        upload_id: str,
        *,
        markers: Optional[Markers] = None,
        user_id: Optional[str] = None,
        wait: Union[bool, int] = True,
        wait_timeout: float = 120.0,
        request_options: Optional[RequestOptions] = None,
    ) -> Scan:
        """See Scans.create_from_upload."""
        attempt_timeout = self._transport.settings.attempt_timeout(request_options)
        request = from_upload_request(upload_id, markers, user_id, wait, attempt_timeout)
        scan = result_from(Scan, await self._transport.send(request, request_options))
        return await self._settle(scan, wait, wait_timeout)

    async def get(self, scan_id: str, *, request_options: Optional[RequestOptions] = None) -> Scan:
        response = await self._transport.send(ApiRequest("GET", scan_path(scan_id)), request_options)
        return result_from(Scan, response)

    async def delete(self, scan_id: str, *, request_options: Optional[RequestOptions] = None) -> Deleted:
        response = await self._transport.send(ApiRequest("DELETE", scan_path(scan_id)), request_options)
        return Deleted(id=scan_id, request_id=request_id_of(response))

    def list(
        self,
        *,
        user_id: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> AsyncPaginator[Scan]:
        """`await` it for the first page, or `async for scan in client.scans.list(...)` for every scan."""

        async def fetch(page_cursor: Optional[str]) -> AsyncPage[Scan]:
            response = await self._transport.send(list_request(user_id, limit, page_cursor), request_options)
            data, has_more, next_cursor = page_fields(response)
            return AsyncPage(data, has_more=has_more, next_cursor=next_cursor, request_id=request_id_of(response),
                             fetch_next=fetch)

        return AsyncPaginator(lambda: fetch(cursor))

    async def overlay(
        self,
        scan_id: str,
        *,
        marker: Optional[str] = None,
        style: Optional[str] = None,
        aligned: Optional[str] = None,
        width: Optional[int] = None,
        legend: Optional[bool] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Overlay:
        """See Scans.overlay."""
        request = overlay_request(scan_id, marker, style, aligned, width, legend)
        response = await self._transport.send(request, request_options)
        return overlay_from(response)

    async def wait_for(
        self, scan: ScanRef, *, timeout: float = 120.0, interval: float = 0.25, max_interval: float = 4.0
    ) -> Scan:
        """See Scans.wait_for."""
        polling = Polling(scan, timeout, interval, max_interval)
        while True:
            current = await self.get(polling.scan_id)
            if current.is_done:
                return current
            await asyncio.sleep(polling.next_delay())

    async def _settle(self, scan: Scan, wait: Union[bool, int], wait_timeout: float) -> Scan:
        """See Scans._settle."""
        if wait is not True:
            return scan
        return raise_if_failed(scan if scan.is_done else await self.wait_for(scan, timeout=wait_timeout))


class Polling:
    """wait_for's schedule, shared by both clients: polls further apart each time, and a timeout once the next
    wait would pass the deadline."""

    def __init__(self, scan: ScanRef, timeout: float, interval: float, max_interval: float) -> None:
        self.scan_id = scan if isinstance(scan, str) else scan.scan_id
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout
        self.delay = interval
        self.max_interval = max_interval

    def next_delay(self) -> float:
        """Seconds to sleep before the next poll; raises APITimeoutError when that would pass the deadline."""
        delay = self.delay
        if time.monotonic() + delay > self.deadline:
            raise APITimeoutError(f"scan {self.scan_id} still processing after {self.timeout:g} s")
        self.delay = min(self.max_interval, delay * 1.5)
        return delay


def scan_path(scan_id: str) -> str:
    return f"/v1/scans/{quote(scan_id, safe='')}"


def prefer_header(wait: Union[bool, int], attempt_timeout: float) -> str:
    if wait is False:
        return "respond-async"
    if wait is True:
        # Leave the attempt time to answer after the service's wait.
        seconds = min(SERVER_WAIT_SECONDS, attempt_timeout - 5)
        return f"wait={max(0, int(seconds))}"
    return f"wait={max(0, int(wait))}"


def create_request(
    image: ImageInput,
    markers: Optional[Markers],
    user_id: Optional[str],
    wait: Union[bool, int],
    filename: Optional[str],
    content_type: Optional[str],
    attempt_timeout: float,
) -> ApiRequest:
    form: dict[str, str] = {}
    if markers is not None:
        form["markers"] = markers if isinstance(markers, str) else ",".join(markers)
    if user_id is not None:
        form["user_id"] = user_id
    return ApiRequest(
        "POST",
        "/v1/scans",
        files={"image": read_image(image, filename, content_type)},
        data=form,
        headers={"Prefer": prefer_header(wait, attempt_timeout)},
        idempotent=True,
    )


def from_upload_request(
    upload_id: str, markers: Optional[Markers], user_id: Optional[str], wait: Union[bool, int], attempt_timeout: float
) -> ApiRequest:
    body: dict[str, object] = {"upload_id": upload_id}
    if markers is not None:
        body["markers"] = markers if isinstance(markers, str) else list(markers)
    if user_id is not None:
        body["user_id"] = user_id
    return ApiRequest(
        "POST", "/v1/scans", json=body, headers={"Prefer": prefer_header(wait, attempt_timeout)}, idempotent=True
    )


def list_request(user_id: Optional[str], limit: Optional[int], cursor: Optional[str]) -> ApiRequest:
    return ApiRequest("GET", "/v1/scans", params={"user_id": user_id, "limit": limit, "cursor": cursor})


def overlay_request(
    scan_id: str,
    marker: Optional[str],
    style: Optional[str],
    aligned: Optional[str],
    width: Optional[int],
    legend: Optional[bool] = None,
) -> ApiRequest:
    params = {
        "marker": marker,
        "style": style,
        "aligned": aligned,
        "width": None if width is None else str(width),
        "legend": None if legend is None else str(legend).lower(),
    }
    return ApiRequest("GET", f"{scan_path(scan_id)}/overlay", params=params, accept="image/png")


def page_fields(response: httpx.Response) -> tuple[list[Scan], bool, Optional[str]]:
    body = response.json()
    request_id = request_id_of(response)
    scans = []
    for item in body.get("data", []):
        scan = result_from(Scan, response, item)
        scan._request_id = request_id
        scans.append(scan)
    next_cursor = body.get("next_cursor")
    return scans, bool(body.get("has_more")), next_cursor if isinstance(next_cursor, str) else None


def overlay_from(response: httpx.Response) -> Overlay:
    return Overlay(
        content=response.content,
        content_type=response.headers.get("content-type", "image/png"),
        request_id=request_id_of(response),
    )


def raise_if_failed(scan: Scan) -> Scan:
    """`wait=True` treats a scan that failed after a 202 like the 422 the service gives within its wait; any other
    scan is returned as it is."""
    if scan.status != "failed":
        return scan
    code = scan.error.code if scan.error is not None else "analysis_failed"
    message = scan.error.message if scan.error is not None else "the analysis failed"
    raise UnprocessablePhotoError(
        f"422 {code}: {message}",
        code=code,
        status=422,
        request_id=scan.request_id,
        problem=None,
        headers={},
        scan_id=scan.scan_id,
    )
