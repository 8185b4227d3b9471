import busboy from 'busboy';
import { Readable } from 'node:stream';
import { ApiError } from './api-error';

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
 * Reads a multipart/form-data body with hard limits: a file over `fileBytes` is cut off (after `fileBytes + 1`
 * bytes) and flagged, never buffered whole; too many parts end the parse. Malformed bodies become 400s naming the problem.
 *
 * Three streams carry an upload (the request body, busboy's parser, busboy's stream of each file), and each can
 * fail on its own: a client that disconnects errors the body ("aborted"), a body that ends inside a part errors the
 * parser and the open file stream ("Unexpected end of form"). Every one of them has an `error` listener here: an
 * `error` event without a listener would take the whole process down (locally every client's requests; in Lambda
 * the runtime). The first failure settles the read; later events are ignored and nothing is kept.
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
      // busboy flags a file that REACHES `fileSize`; ours may be exactly `fileBytes` long ("at most 5 MB"), so it
      // is asked to stop one byte later: `truncated` then means "more than fileBytes".
      limits: { fileSize: limits.fileBytes + 1, fieldSize: limits.fieldBytes, fields: limits.fields, files: limits.files },
    });
  } catch {
    throw new ApiError('invalid_request', 'Content-Type: the multipart boundary is missing or malformed.', [
      { param: 'Content-Type', message: 'malformed multipart boundary' },
    ]);
  }
  const source = body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : undefined;

  return new Promise<MultipartForm>((resolve, reject) => {
    const form: MultipartForm = { fields: {}, files: {} };
    const fileReads: Promise<void>[] = [];
    let settled = false;

    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      reject(error);
      if (source) {
        source.unpipe(parser);
        // Still arriving bytes are read and dropped, so the client can read the 400 instead of a reset connection.
        // A body that already failed (a disconnected client) has nothing more to give.
        if (!source.destroyed) source.resume();
      }
      parser.destroy();
    };

    source?.on('error', () => fail(uploadInterrupted()));
    parser.on('error', () => fail(malformedBody()));
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        fail(new ApiError('invalid_request', `${name}: longer than ${limits.fieldBytes} bytes.`, [{ param: name, message: 'too long' }]));
        return;
      }
      form.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      // busboy destroys the open file stream with the parser's error (a body ending inside the part).
      stream.on('error', () => fail(malformedBody()));
      stream.on('data', (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
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
    parser.on('partsLimit', () => fail(tooManyParts()));
    parser.on('filesLimit', () => fail(tooManyParts()));
    parser.on('fieldsLimit', () => fail(tooManyParts()));
    parser.on('close', () =>
      void Promise.all(fileReads).then(() => {
        if (settled) return;
        settled = true;
        resolve(form);
      }),
    );

    if (source) source.pipe(parser);
    else parser.end();
  });
}

/** The request body stopped before its end: the client went away or the connection broke. */
function uploadInterrupted(): ApiError {
  return new ApiError('invalid_request', 'image: the upload was interrupted before the body was complete; nothing was stored.', [
    { param: 'image', message: 'upload interrupted' },
  ]);
}

/** busboy's own errors (a part ending early, a malformed part header) all mean the same to the client. */
function malformedBody(): ApiError {
  return new ApiError('invalid_request', 'image: the multipart body is malformed or ends before the image part is complete; nothing was stored.', [
    { param: 'image', message: 'malformed or truncated multipart body' },
  ]);
}

function tooManyParts(): ApiError {
  return new ApiError('invalid_request', 'body: too many parts; send one image and a few fields.', [
    { param: 'body', message: 'too many parts' },
  ]);
}
