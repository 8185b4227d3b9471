import { CONTENT_TYPES, IMAGE_LIMITS } from '../scans/contract';

/**
 * Direct uploads (POST /v1/uploads): the photo goes from the app straight to S3 with a presigned POST, so neither
 * API Gateway's 10 MB request limit nor Lambda's 6 MB payload limit applies. The same image checks run on the
 * uploaded object before analysis (functions/uploads/scan-from-upload.ts).
 */
export const UPLOAD_LIMITS = {
  /** Bytes of an uploaded photo: a phone's full-resolution JPEG fits (the multipart route stays at 5 MB). */
  maxBytes: 15 * 1024 * 1024,
  /** Seconds the presigned POST works. */
  postValiditySeconds: 300,
  /** Seconds an upload id can start a scan; after that it is `upload_expired` (410). */
  useValiditySeconds: 900,
  /** Where uploads wait for their scan: the bucket's lifecycle rule expires anything left here after a day. */
  keyPrefix: 'uploads/',
  contentTypes: IMAGE_LIMITS.formats.map((format) => CONTENT_TYPES[format]),
} as const;

/**
 * The bucket's one CORS rule (lib/storage.ts on AWS, s3rver locally): browsers may POST uploads from any origin.
 * The presigned policy is the authorisation (its signature pins the key, the size range and the type), and a
 * bucket-wide rule cannot follow each account's origin list; nothing else (GET, PUT, DELETE) is allowed
 * cross-origin, and objects stay private.
 */
export const UPLOAD_CORS_RULE = {
  allowedMethods: ['POST'],
  allowedOrigins: ['*'],
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
} as const;

/** The object key of an upload: tenant and upload id, so one tenant's policy can never name another's key. */
export function uploadObjectKey(accountId: string, environment: string, uploadId: string): string {
  return `${UPLOAD_LIMITS.keyPrefix}${accountId}/${environment}/${uploadId}`;
}
