/**
 * The API's types, taken from the OpenAPI document (src/generated/openapi.ts is generated from docs/openapi.json
 * by openapi-typescript; `npm run build:openapi` at the repository root regenerates both).
 */
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];

export type MarkerName = Schemas['MarkerName'];
export type Severity = Schemas['Severity'];
export type MarkerResult = Schemas['MarkerResult'];
export type Scan = Schemas['Scan'];
export type ScanStatus = Scan['status'];
export type ScanList = Schemas['ScanList'];
export type MarkerCatalogueEntry = Schemas['MarkerCatalogueEntry'];
export type UserScore = Schemas['UserScore'];
export type IngredientAnalysisRequest = Schemas['IngredientAnalysisRequest'];
export type IngredientAnalysis = Schemas['IngredientAnalysis'];
export type RoutineRequest = Schemas['RoutineRequest'];
export type Routine = Schemas['Routine'];
export type Problem = Schemas['Problem'];
export type ClientToken = Schemas['ClientToken'];
export type ClientTokenRequest = Schemas['ClientTokenRequest'];
export type Upload = Schemas['Upload'];
export type UploadRequest = Schemas['UploadRequest'];
export type ErrorCode = Problem['code'];

export type ScanCompletedEvent = Schemas['ScanCompletedEvent'];
export type ScanFailedEvent = Schemas['ScanFailedEvent'];
export type RoutineGeneratedEvent = Schemas['RoutineGeneratedEvent'];
export type ScoreUpdatedEvent = Schemas['ScoreUpdatedEvent'];
export type WebhookTestEvent = Schemas['WebhookTestEvent'];
/** Every webhook payload; narrow on `event`. */
export type WebhookEvent = ScanCompletedEvent | ScanFailedEvent | RoutineGeneratedEvent | ScoreUpdatedEvent | WebhookTestEvent;
export type WebhookEventType = WebhookEvent['event'];

/** The query of GET /v1/scans, as the document defines it. */
export type ScanListQuery = NonNullable<operations['listScans']['parameters']['query']>;
export type OverlayQuery = NonNullable<operations['getScanOverlay']['parameters']['query']>;

export type { components, operations, paths, webhooks } from './generated/openapi.js';
