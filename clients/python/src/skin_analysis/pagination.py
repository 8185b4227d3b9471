"""Cursor pages. Iterating a page walks every item of it and of the pages after it, fetching each next page only
when it is reached; `iter_pages()` walks page by page."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Generator, Iterator
from typing import Any, Callable, Generic, Optional, TypeVar

from ._exceptions import SkinAnalysisError

ItemT = TypeVar("ItemT")
NextT = TypeVar("NextT")


class _Page(Generic[ItemT, NextT]):
    """What both pages hold, and how they find the next one (`NextT`: the next page, or an awaitable of it)."""

    def __init__(
        self,
        data: list[ItemT],
        *,
        has_more: bool,
        next_cursor: Optional[str],
        request_id: Optional[str],
        fetch_next: Callable[[str], NextT],
    ) -> None:
        self.data = data
        self.has_more = has_more
        self.next_cursor = next_cursor
        self.request_id = request_id
        self._fetch_next = fetch_next

    def has_next_page(self) -> bool:
        return self.has_more and self.next_cursor is not None

    def _fetch_next_page(self) -> NextT:
        if not self.has_next_page() or self.next_cursor is None:
            raise SkinAnalysisError("this is the last page: check has_next_page() first")
        return self._fetch_next(self.next_cursor)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(items={len(self.data)}, has_more={self.has_more})"


class SyncPage(_Page[ItemT, "SyncPage[ItemT]"]):
    def next_page(self) -> SyncPage[ItemT]:
        return self._fetch_next_page()

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


class AsyncPage(_Page[ItemT, Awaitable["AsyncPage[ItemT]"]]):
    async def next_page(self) -> AsyncPage[ItemT]:
        return await self._fetch_next_page()

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
