import busboy from 'busboy';
import { Readable } from 'node:stream';
import { ApiError } from '../shared/errors';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, { bytes: Buffer; truncated: boolean; filename: string; mimeType: string }>;
}

export interface MultipartLimits {
  fileBytes: number;
  fieldBytes: number;
  fields: number;
  files: number;
}

/**
 * Reads a multipart/form-data body with hard limits: a file over `fileBytes` is cut off and flagged,
 * never buffered whole; too many parts end the parse. Malformed bodies become 400s naming the problem.
 */
export async function readMultipart(
  contentType: string | undefined,
  body: ReadableStream<Uint8Array> | null,
  limits: MultipartLimits,
): Promise<MultipartForm> {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(
      'unsupported_media_type',
      `Content-Type: expected multipart/form-data with a boundary, received ${contentType ?? 'none'}.`,
      [{ param: 'Content-Type', message: 'expected multipart/form-data' }],
    );
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: limits.fileBytes, fieldSize: limits.fieldBytes, fields: limits.fields, files: limits.files },
    });
  } catch {
    throw new ApiError('invalid_request', 'Content-Type: the multipart boundary is missing or malformed.', [
      { param: 'Content-Type', message: 'malformed multipart boundary' },
    ]);
  }

  const form: MultipartForm = { fields: {}, files: {} };
  const fileReads: Promise<void>[] = [];
  const done = new Promise<MultipartForm>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        reject(new ApiError('invalid_request', `${name}: longer than ${limits.fieldBytes} bytes.`, [
          { param: name, message: 'too long' },
        ]));
      }
      form.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        truncated = true;
      });
      fileReads.push(
        new Promise((fileDone) =>
          stream.on('close', () => {
            form.files[name] = { bytes: Buffer.concat(chunks), truncated, filename: info.filename ?? '', mimeType: info.mimeType };
            fileDone();
          }),
        ),
      );
    });
    parser.on('partsLimit', () => reject(tooManyParts()));
    parser.on('filesLimit', () => reject(tooManyParts()));
    parser.on('fieldsLimit', () => reject(tooManyParts()));
    parser.on('error', () =>
      reject(new ApiError('invalid_request', 'body: the multipart body is malformed or ends early.', [
        { param: 'body', message: 'malformed multipart body' },
      ])),
    );
    parser.on('close', () => void Promise.all(fileReads).then(() => resolve(form)));
  });

  if (body) Readable.fromWeb(body as import('node:stream/web').ReadableStream).pipe(parser);
  else parser.end();
  return done;
}

function tooManyParts(): ApiError {
  return new ApiError('invalid_request', 'body: too many parts; send one image and a few fields.', [
    { param: 'body', message: 'too many parts' },
  ]);
}
