/**
 * The inputs of the /v1/scans routes: the multipart form of POST /v1/scans, the query of GET /v1/scans, the path
 * ids and the overlay's `marker`. The handlers parse with these (functions/api/routes/scans.ts) and the OpenAPI
 * document shows them, so the messages below are the API's own.
 */
import { z } from 'zod';
import { MARKER_NAMES, isMarkerName, type MarkerName } from '../../analysis/contract';
import { IMAGE_LIMITS, tooLarge, MAX_WAIT_SECONDS } from '../../scans/contract';
import { hasCursorShape, INVALID_CURSOR_DETAIL, INVALID_CURSOR_MESSAGE, MAX_CURSOR_LENGTH } from '../../kernel/page-cursor';
import { OVERLAY_ALIGNMENTS, OVERLAY_STYLES } from '../../overlays/contract';
import { OPTIONAL_USER_ID_PATTERN, optionalUserIdSchema } from './common';
import type { IssueParams } from './parse-input';

/** One uploaded file as the multipart reader hands it over. */
export interface Upload {
  bytes: Buffer;
  truncated: boolean;
  filename: string;
  mimeType: string;
}

function fail(ctx: z.RefinementCtx, message: string, params: IssueParams): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message, params });
  return z.NEVER;
}

/** The `image` file part: required; a part cut off at the size limit is a 413 before anything else is read. */
export const imageUploadSchema = z
  .custom<Upload | undefined>()
  .transform((upload, ctx): Upload => {
    if (!upload) {
      return fail(ctx, 'required', { detail: 'image: a file field named "image" is required.' });
    }
    if (upload.truncated) return fail(ctx, 'too large', { apiError: tooLarge(Infinity) });
    return upload;
  })
  .meta({
    type: 'string',
    contentMediaType: 'application/octet-stream',
    description: `The photo: ${IMAGE_LIMITS.formats.join(', ')}; at most ${IMAGE_LIMITS.maxBytes} bytes (5 MB), at least ${IMAGE_LIMITS.minShortSide} px on the short side, at most 40 megapixels. EXIF orientation is honoured; the stored copy carries no metadata (a JPEG keeps only its orientation).`,
  });

/** `markers`: comma-separated, trimmed, case-insensitive, de-duplicated, in catalogue order; omitted or blank = all; commas only = 400. */
export const markersFieldSchema = z
  .string()
  .optional()
  .transform((raw, ctx): MarkerName[] => {
    if (raw === undefined || raw.trim() === '') return [...MARKER_NAMES];
    const names = raw.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
    if (names.length === 0) {
      // `,,,` is a list with nothing in it, not an omitted field: analysing every marker would guess.
      return fail(ctx, `names no marker; expected any of ${MARKER_NAMES.join(', ')}`, {
        detail: 'markers: the list names no marker; send marker names separated by commas, or omit the field for all of them.',
      });
    }
    const unknown = names.filter((name) => !isMarkerName(name));
    if (unknown.length > 0) {
      const list = unknown.map((name) => JSON.stringify(name.slice(0, 40))).join(', ');
      return fail(ctx, `unknown ${list}; expected any of ${MARKER_NAMES.join(', ')}`, {
        code: 'unknown_marker',
        detail: `markers: unknown marker ${list}; valid markers are ${MARKER_NAMES.join(', ')}.`,
      });
    }
    return MARKER_NAMES.filter((name) => names.includes(name));
  })
  .meta({
    description: `Comma-separated marker names (trimmed, case-insensitive, de-duplicated): any of ${MARKER_NAMES.join(', ')}. Omitted or blank: every marker. An unknown name is a 400 \`unknown_marker\`; a list of only commas (\`,,,\`) is a 400 \`invalid_request\`.`,
    examples: ['acne,hydration'],
  });

/** The multipart body of POST /v1/scans (fields other than these are ignored). */
export const scanCreateFormSchema = z.object({
  image: imageUploadSchema,
  markers: markersFieldSchema,
  user_id: optionalUserIdSchema,
});

export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

/**
 * A query parameter holding a number: converted with `Number()`, checked by `inner`, and when that fails
 * answered with `message(raw)` (the raw text, not the converted number, is what the client sent).
 */
function numberFromQuery<T extends z.ZodType<number | undefined>>(inner: T, message: (raw: string) => string) {
  return z.preprocess((raw, ctx) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!inner.safeParse(value).success) return fail(ctx, message(String(raw)), {});
    return value;
  }, inner);
}

/** The query of GET /v1/scans (checked in this order: the first problem is the one answered). */
export const scanListQuerySchema = z.object({
  limit: numberFromQuery(
    z.number().int().min(LIST_LIMIT.min).max(LIST_LIMIT.max).default(LIST_LIMIT.default),
    (raw) => `expected an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}, received ${JSON.stringify(raw.slice(0, 20))}`,
  ).meta({ description: `Scans per page, ${LIST_LIMIT.min} to ${LIST_LIMIT.max}.` }),
  user_id: optionalUserIdSchema.meta({ description: 'Only the scans of this user (your own identifier); empty means every user.', pattern: OPTIONAL_USER_ID_PATTERN, examples: ['user-42'] }),
  // The shape is checked here; the signature (tenant and filter) by the route, both as `invalid_cursor`.
  cursor: z
    .string()
    .check((ctx) => {
      if (!hasCursorShape(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: INVALID_CURSOR_MESSAGE, params: { code: 'invalid_cursor', detail: INVALID_CURSOR_DETAIL } });
      }
    })
    .optional()
    .meta({
      description:
        'The `next_cursor` of the previous page of the same query (same `user_id`, same key\'s account and environment); omitted for the first page. Opaque and signed: anything else is a 400 `invalid_cursor`.',
      maxLength: MAX_CURSOR_LENGTH,
    }),
});

/**
 * The overlay's `marker`: one of the markers the scan analysed (omitted: the first of them). Without `analysed`
 * (the document, and the check before the scan is read) any marker name; the handler then checks it against the
 * scan at hand.
 */
export function overlayMarkerSchema(analysed?: readonly MarkerName[]) {
  const names = analysed ?? MARKER_NAMES;
  const expected = analysed ? `one of the markers this scan analysed (${analysed.join(', ')})` : `one of ${MARKER_NAMES.join(', ')}`;
  return z
    .enum(names as [MarkerName, ...MarkerName[]], {
      error: (issue) => `expected ${expected}, received ${JSON.stringify(String(issue.input).slice(0, 40))}`,
    })
    .optional()
    .meta({ description: 'One of the markers the scan analysed; omitted: the first of them.' });
}

/** The overlay's query: which marker, drawn how, how wide. */
export function overlayQuerySchema(analysed?: readonly MarkerName[]) {
  return z.object({
    marker: overlayMarkerSchema(analysed),
    style: z
      .enum(OVERLAY_STYLES, { error: (issue) => `expected one of ${OVERLAY_STYLES.join(', ')}, received ${JSON.stringify(String(issue.input).slice(0, 40))}` })
      .default('regions')
      .meta({
        description:
          "`regions` (default): the marker's regions tinted by its severity. `heatmap`: the marker's per-pixel evidence (yellow where it starts to count, red where it counts fully), transparent elsewhere. `spots`: a ring at each counted lesion (acne, pigmentation; none for other markers).",
      }),
    aligned: z
      .enum(OVERLAY_ALIGNMENTS, { error: (issue) => `expected one of ${OVERLAY_ALIGNMENTS.join(', ')}, received ${JSON.stringify(String(issue.input).slice(0, 40))}` })
      .default('crop')
      .meta({
        description:
          '`crop` (default): drawn on the aligned, upright 256-px face crop the analysis measured. `original`: a transparent PNG in the coordinates of the upright photo (`image.width` x `image.height`, or scaled to `width`), to lay over the photo in an app.',
      }),
    width: z
      .string()
      .regex(/^[1-9][0-9]{0,5}$/, { error: (issue) => `expected a whole number of pixels, received ${JSON.stringify(String(issue.input).slice(0, 40))}` })
      .transform(Number)
      .optional()
      .meta({
        description:
          'Width of the PNG in pixels. `aligned=original`: from 16 up to the photo\'s width (default), the height keeps its aspect ratio. `crop`: a square from 16 (default 256) up to the photo\'s width or 256, whichever is larger. Outside that range: a 400.',
        examples: ['1080'],
      }),
    legend: z
      .enum(['true', 'false'], { error: (issue) => `expected true or false, received ${JSON.stringify(String(issue.input).slice(0, 40))}` })
      .default('false')
      .transform((value) => value === 'true')
      .meta({
        description:
          '`true`: a label box in the top-left corner with a swatch of the severity colour, the marker, its score and severity (e.g. "Acne 72 moderate"), in a bitmap font scaled to the PNG (the same bytes every time). Default `false`.',
      }),
  });
}

/** Request headers of POST /v1/scans (documented; `Prefer` is read by functions/scans/prefer-header.ts). */
export const preferHeaderSchema = z.string().meta({
  description: `RFC 7240; preferences are hints, never an error. \`wait=N\` (N in decimal seconds) waits up to N seconds for the result instead of the default 10; above ${MAX_WAIT_SECONDS} it is clamped to ${MAX_WAIT_SECONDS}, and a value that is not decimal digits (\`wait=0x10\`, \`wait=-1\`) is ignored. \`respond-async\` answers at once (202). \`Preference-Applied\` shows what was applied (\`respond-async\` or \`wait=N\`).`,
  examples: ['wait=20'],
});

/** The Idempotency-Key pattern that functions/idempotency/run-idempotent.ts enforces (checked here first, with the other inputs). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, { error: 'expected 1 to 255 visible ASCII characters' })
  .meta({
    description:
      'Any 1 to 255 visible ASCII characters, e.g. a UUID. The same key with the same request within 24 h returns the first response (`Idempotent-Replayed: true`) and does no new work; with a different request it is a 409 `idempotency_conflict`.',
    examples: ['5f0c6a52-6d3e-4a0e-9d55-0f6f3d3f1c2b'],
  });
