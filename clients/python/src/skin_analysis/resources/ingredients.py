"""POST /v1/ingredients/analyze: an INCI list explained, flagged and judged per marker."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union

from .._request import ApiRequest, RequestOptions
from ..types import IngredientAnalysis, result_from
from ._base import AsyncResource, SyncResource
from ._bodies import json_body

Product = Union[Mapping[str, Any], Any]


def analyze_request(
    ingredients: Union[str, Sequence[str]],
    markers: Optional[Sequence[str]],
    scan_id: Optional[str],
    products: Optional[Sequence[Product]],
) -> ApiRequest:
    body = json_body(
        ingredients=ingredients if isinstance(ingredients, str) else list(ingredients),
        markers=list(markers) if markers is not None else None,
        scan_id=scan_id,
        products=list(products) if products is not None else None,
    )
    return ApiRequest("POST", "/v1/ingredients/analyze", json=body)


class Ingredients(SyncResource):
    def analyze(
        self,
        ingredients: Union[str, Sequence[str]],
        *,
        markers: Optional[Sequence[str]] = None,
        scan_id: Optional[str] = None,
        products: Optional[Sequence[Product]] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> IngredientAnalysis:
        """Analyses a pasted INCI list (a string or a list): every ingredient, actives, conflicts, and suitability
        for the given markers or the markers of `scan_id`; `products` ({"name", "ingredients"}) are compared too."""
        request = analyze_request(ingredients, markers, scan_id, products)
        return result_from(IngredientAnalysis, self._transport.send(request, request_options))


class AsyncIngredients(AsyncResource):
    async def analyze(
        self,
        ingredients: Union[str, Sequence[str]],
        *,
        markers: Optional[Sequence[str]] = None,
        scan_id: Optional[str] = None,
        products: Optional[Sequence[Product]] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> IngredientAnalysis:
        request = analyze_request(ingredients, markers, scan_id, products)
        return result_from(IngredientAnalysis, await self._transport.send(request, request_options))
