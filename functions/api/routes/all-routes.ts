/**
 * Every declared operation, in the order the reference shows them. The /v1 ones are mounted behind the key,
 * usage and rate-limit middleware (app.ts); the document route is public. A new route is one more entry here.
 */
import type { ApiDeps } from '../deps';
import type { ApiRoute } from '../route';
import { createScanRoute, deleteScanRoute, getScanOverlayRoute, getScanRoute, listScansRoute } from './scans';
import { listMarkersRoute } from './markers';
import { analyzeIngredientsRoute } from './ingredients';
import { createRoutineRoute, getRoutineRoute } from './routines';
import { eraseUserRoute, getUserScoreRoute } from './users';
import { createClientTokenRoute } from './client-tokens';
import { createUploadRoute } from './uploads';
import { getOpenApiDocumentRoute, type DocumentSource } from './openapi';

export const KEYED_ROUTES: readonly ApiRoute<ApiDeps>[] = [
  createScanRoute,
  listScansRoute,
  getScanRoute,
  deleteScanRoute,
  getScanOverlayRoute,
  listMarkersRoute,
  analyzeIngredientsRoute,
  createRoutineRoute,
  getRoutineRoute,
  getUserScoreRoute,
  eraseUserRoute,
  createClientTokenRoute,
  createUploadRoute,
];

export const PUBLIC_ROUTES: readonly ApiRoute<DocumentSource>[] = [getOpenApiDocumentRoute];

export const ALL_ROUTES: readonly ApiRoute<never>[] = [...KEYED_ROUTES, ...PUBLIC_ROUTES];
