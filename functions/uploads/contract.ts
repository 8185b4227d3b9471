/**
 * Presigned uploads: the upload record, its store and object ports, its limits, creating an upload and taking the
 * uploaded image. Everything else in this folder is internal to it.
 */
export { createUpload } from './create-upload';
export { assertUploadUsable, findUpload, takeUploadedImage } from './take-upload';
export { UPLOAD_LIMITS } from './upload-limits';
export type { PresignedUpload, UploadObjects } from './upload-objects';
export type { UploadStore } from './upload-store';
export type { UploadRecord } from './upload';
