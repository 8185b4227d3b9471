"""Cursor pages. Iterating a page walks every item of it and of the pages after it, fetching each next page only
when it is reached; `iter_pages()` walks page by page."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Generator, Iterator
from typing import Any, Callable, Generic, Optional, TypeVar

from ._exceptions import SkinAnalysisError

ItemT = TypeVar("ItemT")


class SyncPage(Generic[ItemT]):
    def __init__(
        self,
        data: list[ItemT],
        *,
        has_more: bool,
        next_cursor: Optional[str],
        request_id: Optional[str],
        fetch_next: Callable[[str], SyncPage[ItemT]],
    ) -> None:
        self.data = data
        self.has_more = has_more
        self.next_cursor = next_cursor
        self.request_id = request_id
        self._fetch_next = fetch_next

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    def next_page(self) -> SyncPage[ItemT]:
        if not self.has_next_page() or self.next_cursor is None:
            raise SkinAnalysisError("this is the last page: check has_next_page() first")
        return self._fetch_next(self.next_cursor)

    def iter_pages(self) -> Iterator[SyncPage[ItemT]]:
        page: SyncPage[ItemT] = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = page.next_page()

    def __iter__(self) -> Iterator[ItemT]:
        for page in self.iter_pages():
            yield from page.data

    def __repr__(self) -> str:
        return f"SyncPage(items={len(self.data)}, has_more={self.has_more})"


class AsyncPage(Generic[ItemT]):
    def __init__(
        self,
        data: list[ItemT],
        *,
        has_more: bool,
        next_cursor: Optional[str],
        request_id: Optional[str],
        fetch_next: Callable[[str], Awaitable[AsyncPage[ItemT]]],
    ) -> None:
        self.data = data
        self.has_more = has_more
        self.next_cursor = next_cursor
        self.request_id = request_id
        self._fetch_next = fetch_next

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    async def next_page(self) -> AsyncPage[ItemT]:
        if not self.has_next_page() or self.next_cursor is None:
            raise SkinAnalysisError("this is the last page: check has_next_page() first")
        return await self._fetch_next(self.next_cursor)

    async def iter_pages(self) -> AsyncIterator[AsyncPage[ItemT]]:
        page: AsyncPage[ItemT] = self
        while True:
            yield page
            if not page.has_next_page():
                return
            page = await page.next_page()

    async def __aiter__(self) -> AsyncIterator[ItemT]:
        async for page in self.iter_pages():
            for item in page.data:
                yield item

    def __repr__(self) -> str:
        return f"AsyncPage(items={len(self.data)}, has_more={self.has_more})"


class AsyncPaginator(Generic[ItemT]):
    """What `AsyncSkinAnalysis.scans.list()` returns: `await` it for the first page, or `async for` over it for
    every item of every page."""

    def __init__(self, first_page: Callable[[], Awaitable[AsyncPage[ItemT]]]) -> None:
        self._first_page = first_page

    def __await__(self) -> Generator[Any, None, AsyncPage[ItemT]]:
        return self._first_page().__await__()

    async def __aiter__(self) -> AsyncIterator[ItemT]:
        page = await self._first_page()
        async for item in page:
            yield item
