"""The models callers see: the generated ones (skin_analysis._generated.models, from docs/openapi.json), with the
response's request id on every top-level result (`scan.request_id`), plus the few results that are not JSON."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Optional, Union

import httpx
from pydantic import BaseModel, Field, PrivateAttr

from ._generated import models as generated
from ._parsing import ModelT, parse_model

# Re-exported as they are generated.
MarkerResult = generated.MarkerResult
SkinTone = generated.SkinTone
SkinType = generated.SkinType
LesionCounts = generated.LesionCounts
MarkerCatalogueEntry = generated.MarkerCatalogueEntry
Problem = generated.Problem
RoutineStep = generated.RoutineStep
AnalysedIngredient = generated.AnalysedIngredient
IngredientConflict = generated.IngredientConflict
ProductAnalysis = generated.ProductAnalysis
IngredientAnalysisRequest = generated.IngredientAnalysisRequest
RoutineRequest = generated.RoutineRequest
ScanFromUpload = generated.ScanFromUpload
ClientTokenRequest = generated.ClientTokenRequest
UploadRequest = generated.UploadRequest
ScanCompletedEvent = generated.ScanCompletedEvent
ScanFailedEvent = generated.ScanFailedEvent
RoutineGeneratedEvent = generated.RoutineGeneratedEvent
ScoreUpdatedEvent = generated.ScoreUpdatedEvent
WebhookTestEvent = generated.WebhookTestEvent


class ApiResult(BaseModel):
    """A top-level result: `request_id` is the response's Request-Id header (quote it to support)."""

    _request_id: Optional[str] = PrivateAttr(default=None)

    @property
    def request_id(self) -> Optional[str]:
        return self._request_id


class Scan(generated.Scan, ApiResult):
    """A face scan: `status` is processing, completed or failed (with `error`)."""

    @property
    def is_done(self) -> bool:
        return self.status != "processing"


class MarkerCatalogue(generated.MarkerCatalogue, ApiResult):
    pass


class IngredientAnalysis(generated.IngredientAnalysis, ApiResult):
    pass


class Routine(generated.Routine, ApiResult):
    pass


class UserScore(generated.UserScore, ApiResult):
    pass


class ClientToken(generated.ClientToken, ApiResult):
    """A short-lived credential for one user's app: pass `token` as the app's api_key. Shown once."""

    def __repr__(self) -> str:
        # The token is a credential: never in logs or tracebacks.
        return f"ClientToken(token_id={self.token_id!r}, user_id={self.user_id!r}, expires_at={self.expires_at!r})"


class Upload(generated.Upload, ApiResult):
    """A presigned POST for one photo (`url`, `fields`); then scans.create_from_upload(upload.upload_id)."""


class UnknownWebhookEvent(BaseModel, extra="allow"):
    """An event type newer than this library: every field is kept (`model_extra`)."""

    event: str


WebhookEvent = Annotated[
    Union[ScanCompletedEvent, ScanFailedEvent, RoutineGeneratedEvent, ScoreUpdatedEvent, WebhookTestEvent],
    Field(discriminator="event"),
]


@dataclass(frozen=True)
class Deleted:
    """The answer of a deletion (204): what was deleted and the response's request id."""

    id: str
    request_id: Optional[str]
    deleted: bool = True


@dataclass(frozen=True)
class Overlay:
    """An overlay image (PNG) of a scan."""

    content: bytes
    content_type: str
    request_id: Optional[str]

    def save(self, path: Union[str, Path]) -> Path:
        target = Path(path)
        target.write_bytes(self.content)
        return target


def request_id_of(response: httpx.Response) -> Optional[str]:
    value = response.headers.get("request-id") or response.headers.get("x-amzn-requestid")
    return str(value) if value is not None else None


def result_from(model: type[ModelT], response: httpx.Response, data: Any = None) -> ModelT:
    """The typed result of a JSON response, carrying its request id when the model is an ApiResult."""
    result = parse_model(model, response.json() if data is None else data)
    if isinstance(result, ApiResult):
        result._request_id = request_id_of(response)
    return result
