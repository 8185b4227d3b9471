import { ApiError } from './api-error';

/**
 * Reads a JSON request body of at most `maxBytes`, stopping as soon as it is over (never buffering more),
 * and answers the usual client mistakes with a 4xx naming the problem.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new ApiError('unsupported_media_type', `Content-Type: expected application/json, received ${contentType || 'none'}.`, [
      { param: 'Content-Type', message: 'expected application/json' },
    ]);
  }
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  if (declared > maxBytes) throw bodyTooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await readChunk(reader);
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel();
        throw bodyTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new ApiError('invalid_request', 'body: a JSON object is required.', [{ param: 'body', message: 'empty' }]);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', 'body: not valid JSON.', [{ param: 'body', message: 'not valid JSON' }]);
  }
}

/**
 * One chunk of the body. A read fails when the client disconnects mid-body: that is the client's doing, answered
 * (to nobody, usually) as a 400 naming the body, not a 500 with an ERROR log.
 */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch {
    throw new ApiError('invalid_request', 'body: the request body was interrupted before it was complete.', [
      { param: 'body', message: 'request body interrupted' },
    ]);
  }
}

function bodyTooLarge(maxBytes: number): ApiError {
  return new ApiError('payload_too_large', `body: at most ${maxBytes} bytes.`, [{ param: 'body', message: `larger than ${maxBytes} bytes` }]);
}

/** A route's JSON body reader (route.ts `BodyContent.read`): at most `maxBytes`. */
export function jsonBody(maxBytes: number): (c: { req: { raw: Request } }) => Promise<unknown> {
  return (c) => readJsonBody(c.req.raw, maxBytes);
}
