/**
 * Every operation of the HTTP API, described once: the zod schemas the handlers parse with, the components the
 * responses are, the scope, the error codes and a curl line. `document.ts` turns this list into OpenAPI 3.1.
 * A new route is one more entry here (test/openapi checks that every route of the app is listed).
 */
import type { z } from 'zod';
import type { ErrorCode } from '../../kernel/errors';
import type { Scope } from '../../keys/scopes';
import { MARKER_NAMES } from '../../analysis/contract';
import { IMAGE_LIMITS } from '../../scans/image-limits';
import { INGREDIENTS_BODY_LIMIT } from '../routes/ingredients';
import { ROUTINES_BODY_LIMIT } from '../routes/routines';
import { scanListQuerySchema, overlayQuerySchema } from '../schemas/scan-requests';
import { routinePathSchema, scanPathSchema, userPathSchema } from '../schemas/path-params';
import { UPLOAD_LIMITS } from '../../uploads/upload-limits';
import { CLIENT_TOKEN_SCOPES } from '../../keys/scopes';

export type HttpMethod = 'get' | 'post' | 'delete';
export type TagName = 'Scans' | 'Markers' | 'Ingredients' | 'Routines' | 'Users' | 'Apps' | 'Reference';

/** Response headers the document defines once (components.headers). */
export type ResponseHeader =
  | 'Location'
  | 'Idempotent-Replayed'
  | 'Preference-Applied'
  | 'Cache-Control'
  | 'ETag';

/** Request headers the document defines once (components.parameters). */
export type RequestHeader = 'Idempotency-Key' | 'Prefer' | 'If-None-Match';

export interface SuccessResponse {
  status: number;
  description: string;
  /** A component schema (by its id in components.ts) or a literal JSON Schema, with its media type. */
  body?: { contentType: string; schema: string | Record<string, unknown> };
  headers?: ResponseHeader[];
  optionalHeaders?: ResponseHeader[];
}

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI path template, e.g. /v1/scans/{scan_id}. */
  path: string;
  operationId: string;
  tag: TagName;
  summary: string;
  description: string;
  /** The scope the key needs; 'any' = any valid key; null = no key at all. */
  auth: Scope | 'any' | null;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  headers?: RequestHeader[];
  requestBody?: {
    contentType: 'application/json' | 'multipart/form-data';
    /** Component schema id (an input schema in components.ts). */
    schema: string;
    description: string;
    example?: unknown;
    encoding?: Record<string, { contentType: string }>;
    /** Other media types the operation accepts for the same request (e.g. JSON naming an upload instead of multipart). */
    alternatives?: { contentType: 'application/json'; schema: string; example?: unknown }[];
  };
  responses: SuccessResponse[];
  /** Error codes this operation answers besides the automatic ones (401s, 403, 429, 500 for keyed operations). */
  errors: ErrorCode[];
  /** Extra headers on some error statuses (e.g. Location on a 422 of a stored, failed scan). */
  errorHeaders?: Partial<Record<number, { optional: ResponseHeader[] }>>;
  /** Shell lines after `curl`; $SKIN_API_URL and $SKIN_API_KEY are the reader's. */
  curl: string;
}

const AUTH = '-H "Authorization: Bearer $SKIN_API_KEY"';

const SCAN_IMAGE_ERRORS: ErrorCode[] = [
  'image_unreadable',
  'image_too_small',
  'image_too_large',
  'no_face',
  'multiple_faces',
  'face_too_small',
  'face_not_frontal',
  'too_dark',
  'too_bright',
  'blurry',
  'eyes_closed',
  'expression_not_neutral',
  'grayscale_photo',
  'not_human_skin',
  'analysis_failed',
];

export const SCAN_OPERATIONS: OperationSpec[] = [
  {
    method: 'post',
    path: '/v1/scans',
    operationId: 'createScan',
    tag: 'Scans',
    summary: 'Analyse a face photo',
    description: [
      'Uploads a photo and analyses it. The API waits up to 10 s for the result (`Prefer: wait=N` changes that, clamped to',
      '25; `Prefer: respond-async` means 0; `Preference-Applied` says which was applied):',
      '',
      '- **201** with the completed scan when the analysis finished in time;',
      '- **202** with the scan `processing` and `Location` otherwise: poll `GET /v1/scans/{scan_id}` (or listen for `scan.completed`);',
      '- **422** with the check\'s code (`no_face`, `blurry`, …) when the photo failed a quality check within the wait; the',
      '  problem carries the stored `failed` scan\'s `scan_id`.',
      '',
      `Cheap checks answer at once: at most ${IMAGE_LIMITS.maxBytes} bytes, inclusive (413 above), a supported format (415), at least ${IMAGE_LIMITS.minShortSide} px on`,
      'the short side and at most 40 megapixels (422). Send `Idempotency-Key` to retry safely.',
      '',
      `**From a direct upload**: send JSON \`{"upload_id", "markers", "user_id"}\` instead (after \`POST /v1/uploads\`; photos up to ${UPLOAD_LIMITS.maxBytes} bytes).`,
      'The same checks run on the uploaded object, which is deleted either way; an upload id starts one scan only',
      '(`upload_already_used`, 409), not before the file arrived (`upload_incomplete`, 409), not after it expired (`upload_expired`, 410).',
      '',
      'A client token creates scans for its own user only (`user_id` omitted or its own).',
    ].join('\n'),
    auth: 'scans:write',
    headers: ['Idempotency-Key', 'Prefer'],
    requestBody: {
      contentType: 'multipart/form-data',
      schema: 'ScanCreateForm',
      description: 'The photo as the `image` file part, plus the optional `markers` and `user_id` fields.',
      // The API reads the format from the bytes; the part's declared type does not matter.
      encoding: { image: { contentType: [...IMAGE_LIMITS.formats.map((format) => `image/${format}`), 'application/octet-stream'].join(', ') } },
      alternatives: [{ contentType: 'application/json', schema: 'ScanFromUpload', example: { upload_id: 'upl_01JD3Q8Z5X9V4N2M7K6H5G4F3E', markers: ['acne', 'hydration'] } }],
    },
    responses: [
      { status: 201, description: 'The completed scan.', body: { contentType: 'application/json', schema: 'Scan' }, headers: ['Location'], optionalHeaders: ['Idempotent-Replayed', 'Preference-Applied'] },
      {
        status: 202,
        description: 'The scan is still `processing`: poll `Location`.',
        body: { contentType: 'application/json', schema: 'Scan' },
        headers: ['Location'],
        optionalHeaders: ['Idempotent-Replayed', 'Preference-Applied'],
      },
    ],
    errors: ['invalid_request', 'unknown_marker', 'idempotency_conflict', 'idempotency_key_reused', 'payload_too_large', 'unsupported_media_type', 'not_found', 'upload_already_used', 'upload_incomplete', 'upload_expired', ...SCAN_IMAGE_ERRORS],
    errorHeaders: { 422: { optional: ['Location', 'Idempotent-Replayed'] } },
    curl: `curl "$SKIN_API_URL/v1/scans" ${AUTH} \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -F image=@face.jpg -F markers=acne,hydration -F user_id=user-42`,
  },
  {
    method: 'get',
    path: '/v1/scans',
    operationId: 'listScans',
    tag: 'Scans',
    summary: 'List scans',
    description: 'The scans of this account and environment, newest first, a page at a time; `user_id` narrows them to one person. Pass `next_cursor` back as `cursor` (with the same `user_id`) while `has_more` is true. Cursors are opaque and signed for the query and key that got them: an altered one, or one from another filter or account, is a 400 `invalid_cursor`.',
    auth: 'scans:read',
    query: scanListQuerySchema,
    responses: [{ status: 200, description: 'One page of scans.', body: { contentType: 'application/json', schema: 'ScanList' } }],
    errors: ['invalid_request', 'invalid_cursor'],
    curl: `curl "$SKIN_API_URL/v1/scans?user_id=user-42&limit=20" ${AUTH}`,
  },
  {
    method: 'get',
    path: '/v1/scans/{scan_id}',
    operationId: 'getScan',
    tag: 'Scans',
    summary: 'Get a scan',
    description: 'One scan, also while it is `processing` (strongly consistent: poll this after a 202).',
    auth: 'scans:read',
    pathParams: scanPathSchema,
    headers: ['If-None-Match'],
    responses: [
      { status: 200, description: 'The scan.', body: { contentType: 'application/json', schema: 'Scan' }, headers: ['ETag'] },
      { status: 304, description: 'Not modified: the scan still matches `If-None-Match`.', headers: ['ETag'] },
    ],
    errors: ['not_found'],
    curl: `curl "$SKIN_API_URL/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E" ${AUTH}`,
  },
  {
    method: 'delete',
    path: '/v1/scans/{scan_id}',
    operationId: 'deleteScan',
    tag: 'Scans',
    summary: 'Delete a scan',
    description: 'Deletes the scan record, its stored image and its overlays. A second delete is a 404.',
    auth: 'scans:write',
    pathParams: scanPathSchema,
    responses: [{ status: 204, description: 'Deleted.' }],
    errors: ['not_found'],
    curl: `curl -X DELETE "$SKIN_API_URL/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E" ${AUTH}`,
  },
  {
    method: 'get',
    path: '/v1/scans/{scan_id}/overlay',
    operationId: 'getScanOverlay',
    tag: 'Scans',
    summary: "Get a marker's overlay image",
    description:
      "A PNG showing where the marker's score comes from: its regions tinted by severity (`style=regions`), its per-pixel evidence (`heatmap`) or rings at the counted acne and pigmentation spots (`spots`); drawn on the aligned face crop, or (`aligned=original`) as a transparent layer the size of the upright photo to lay over it. Drawn on the first request and kept beside the scan (deleted with it), so a repeat is a read. Only for completed scans and the markers they analysed.",
    auth: 'scans:read',
    pathParams: scanPathSchema,
    query: overlayQuerySchema(MARKER_NAMES),
    responses: [
      {
        status: 200,
        description: 'The overlay: `aligned=crop` a square `width` px (default 256), opaque; `aligned=original` RGBA, `width` px wide (default the photo\'s) with the photo\'s aspect ratio, transparent where there is nothing to show.',
        body: { contentType: 'image/png', schema: { type: 'string', contentMediaType: 'image/png' } },
        headers: ['Cache-Control'],
      },
    ],
    errors: ['invalid_request', 'not_found'],
    curl: `curl "$SKIN_API_URL/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E/overlay?marker=acne&style=heatmap&aligned=original" ${AUTH} -o acne.png`,
  },
];

export const MARKER_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/v1/markers',
    operationId: 'listMarkers',
    tag: 'Markers',
    summary: 'List the marker catalogue',
    description: 'What each marker measures, in which face regions, its score direction and severity bands. Any valid key may read it.',
    auth: 'any',
    responses: [{ status: 200, description: 'The marker catalogue.', body: { contentType: 'application/json', schema: 'MarkerCatalogue' } }],
    errors: [],
    curl: `curl "$SKIN_API_URL/v1/markers" ${AUTH}`,
  },
];

export const INGREDIENT_OPERATIONS: OperationSpec[] = [
  {
    method: 'post',
    path: '/v1/ingredients/analyze',
    operationId: 'analyzeIngredients',
    tag: 'Ingredients',
    summary: 'Analyse an ingredient list',
    description: [
      'Parses a pasted INCI list (a string, or an array with one ingredient per element) and explains each ingredient:',
      'canonical name, functions, comedogenic rating, irritancy, flags (EU fragrance allergen, drying alcohol, …) and',
      'benefits per marker; unknown ingredients are listed as unknown, never dropped. For the whole list: actives,',
      'conflicts between actives and a suitability summary for the given `markers` or a `scan_id`\'s results. Up to 20',
      `\`products\` are analysed alongside, with conflicts between them. The body is at most ${INGREDIENTS_BODY_LIMIT / 1024} KB.`,
    ].join('\n'),
    auth: 'ingredients:read',
    requestBody: {
      contentType: 'application/json',
      schema: 'IngredientAnalysisRequest',
      description: '`ingredients` (required); `markers` (an array or a comma-separated string of marker names) or `scan_id`; optional `products`.',
      example: { ingredients: 'Aqua, Glycerin, Niacinamide, Salicylic Acid, Parfum', markers: ['acne', 'redness'] },
    },
    responses: [{ status: 200, description: 'The analysis.', body: { contentType: 'application/json', schema: 'IngredientAnalysis' } }],
    errors: ['invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/ingredients/analyze" ${AUTH} \\\n  -H "Content-Type: application/json" \\\n  -d '{"ingredients": "Aqua, Glycerin, Niacinamide, Salicylic Acid, Parfum", "markers": ["acne", "redness"]}'`,
  },
];

export const ROUTINE_OPERATIONS: OperationSpec[] = [
  {
    method: 'post',
    path: '/v1/routines',
    operationId: 'createRoutine',
    tag: 'Routines',
    summary: 'Generate a routine',
    description: [
      'Turns marker results (from a completed `scan_id`, or sent as `markers`) and a profile into AM, PM and weekly steps,',
      'with key ingredients per step and why, frequencies, ramp-ups for strong actives, warnings and notes; with',
      '`products` it picks a product per step. Emits `routine.generated`. Send `Idempotency-Key` to retry safely.',
      `The body is at most ${ROUTINES_BODY_LIMIT / 1024} KB.`,
    ].join('\n'),
    auth: 'routines:write',
    headers: ['Idempotency-Key'],
    requestBody: {
      contentType: 'application/json',
      schema: 'RoutineRequest',
      description: 'Exactly one of `scan_id` or `markers`; optional `user_id`, `profile` and `products`.',
      example: { markers: { acne: { score: 31 }, hydration: { score: 52 } }, profile: { skin_type: 'combination', preferences: { fragrance_free: true } } },
    },
    responses: [
      {
        status: 201,
        description: 'The routine.',
        body: { contentType: 'application/json', schema: 'Routine' },
        headers: ['Location'],
        optionalHeaders: ['Idempotent-Replayed'],
      },
    ],
    errors: ['invalid_request', 'not_found', 'idempotency_conflict', 'idempotency_key_reused', 'scan_not_completed', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/routines" ${AUTH} \\\n  -H "Content-Type: application/json" -H "Idempotency-Key: $(uuidgen)" \\\n  -d '{"scan_id": "scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E", "profile": {"skin_type": "combination"}}'`,
  },
  {
    method: 'get',
    path: '/v1/routines/{routine_id}',
    operationId: 'getRoutine',
    tag: 'Routines',
    summary: 'Get a routine',
    description: 'A routine generated earlier.',
    auth: 'routines:read',
    pathParams: routinePathSchema,
    headers: ['If-None-Match'],
    responses: [
      { status: 200, description: 'The routine.', body: { contentType: 'application/json', schema: 'Routine' }, headers: ['ETag'] },
      { status: 304, description: 'Not modified: the routine still matches `If-None-Match`.', headers: ['ETag'] },
    ],
    errors: ['not_found'],
    curl: `curl "$SKIN_API_URL/v1/routines/rtn_01JD3Q8Z5X9V4N2M7K6H5G4F3E" ${AUTH}`,
  },
];

export const USER_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/v1/users/{user_id}/score',
    operationId: 'getUserScore',
    tag: 'Users',
    summary: "Get a user's score",
    description: "The user's current skin score and per-marker values (smoothed over recent scans), the trend and the history. Updated after each completed scan with that `user_id`.",
    auth: 'scores:read',
    pathParams: userPathSchema,
    responses: [{ status: 200, description: "The user's score.", body: { contentType: 'application/json', schema: 'UserScore' } }],
    errors: ['invalid_request', 'not_found'],
    curl: `curl "$SKIN_API_URL/v1/users/user-42/score" ${AUTH}`,
  },
  {
    method: 'delete',
    path: '/v1/users/{user_id}',
    operationId: 'eraseUser',
    tag: 'Users',
    summary: "Erase a user's data",
    description: 'Erases every scan, image, overlay, routine and score of that user in this account and environment. Idempotent: erasing a user with no data is also a 204.',
    auth: 'users:delete',
    pathParams: userPathSchema,
    responses: [{ status: 204, description: 'Erased.' }],
    errors: ['invalid_request'],
    curl: `curl -X DELETE "$SKIN_API_URL/v1/users/user-42" ${AUTH}`,
  },
];

export const APP_OPERATIONS: OperationSpec[] = [
  {
    method: 'post',
    path: '/v1/client_tokens',
    operationId: 'createClientToken',
    tag: 'Apps',
    summary: 'Mint a client token for an app',
    description: [
      'Your back end mints a short-lived token for one of its users and hands it to your app (phone or web page), which',
      'then calls the API directly with `Authorization: Bearer ct_test_…`. A token acts for that one user: it creates',
      `scans for them, reads their scans, overlays and score, makes uploads, and nothing else (scopes among ${CLIENT_TOKEN_SCOPES.join(', ')}, each`,
      'also held by the minting key). It works until `expires_at` (default 15 minutes, at most 24 h) and stops when the',
      'minting key is revoked or expires. Its requests count against the account\'s rate limit.',
    ].join('\n'),
    auth: 'client_tokens:write',
    requestBody: {
      contentType: 'application/json',
      schema: 'ClientTokenRequest',
      description: '`user_id` (required), optional `scopes` and `expires_in` (seconds).',
      example: { user_id: 'user-42', expires_in: 900 },
    },
    responses: [{ status: 201, description: 'The token (shown once).', body: { contentType: 'application/json', schema: 'ClientToken' }, headers: ['Cache-Control'] }],
    errors: ['invalid_request', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/client_tokens" ${AUTH} \\\n  -H "Content-Type: application/json" -d '{"user_id": "user-42"}'`,
  },
  {
    method: 'post',
    path: '/v1/uploads',
    operationId: 'createUpload',
    tag: 'Apps',
    summary: 'Start a direct photo upload',
    description: [
      'A presigned S3 POST for one photo: POST every returned `fields` entry and then the photo (a part named `file`,',
      `last) to \`url\` as multipart/form-data, within ${UPLOAD_LIMITS.postValiditySeconds / 60} minutes, with the declared \`content_type\`, up to ${UPLOAD_LIMITS.maxBytes} bytes;`,
      'S3 refuses anything else. Then `POST /v1/scans` with `{"upload_id": …}`. The key is this tenant\'s and the upload',
      'is bound to `user_id` (a client token\'s own user). Uploads never used are deleted after a day.',
    ].join('\n'),
    auth: 'scans:write',
    requestBody: {
      contentType: 'application/json',
      schema: 'UploadRequest',
      description: '`content_type` of the photo and optional `user_id`.',
      example: { content_type: 'image/jpeg', user_id: 'user-42' },
    },
    responses: [{ status: 201, description: 'The upload id and the presigned POST.', body: { contentType: 'application/json', schema: 'Upload' }, headers: ['Cache-Control'] }],
    errors: ['invalid_request', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/uploads" ${AUTH} \\\n  -H "Content-Type: application/json" -d '{"content_type": "image/jpeg"}'`,
  },
];

export const REFERENCE_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Reference',
    summary: 'Get this OpenAPI document',
    description: 'The OpenAPI 3.1 document of this API. No key needed. The reference page is `GET /docs`.',
    auth: null,
    responses: [
      {
        status: 200,
        description: 'The OpenAPI 3.1 document.',
        body: { contentType: 'application/json', schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } },
        headers: ['Cache-Control'],
      },
    ],
    errors: [],
    curl: 'curl "$SKIN_API_URL/v1/openapi.json"',
  },
];

/** Every operation, in the order the reference shows them. */
export const OPERATIONS: OperationSpec[] = [
  ...SCAN_OPERATIONS,
  ...MARKER_OPERATIONS,
  ...INGREDIENT_OPERATIONS,
  ...ROUTINE_OPERATIONS,
  ...USER_OPERATIONS,
  ...APP_OPERATIONS,
  ...REFERENCE_OPERATIONS,
];
