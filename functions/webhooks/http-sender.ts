import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Environment } from '../kernel/tenant';
import { blockedReason } from './ssrf/address-policy';
import { checkUrlShape, EndpointUrlError } from './ssrf/endpoint-url';
import { guardedLookup, type Resolver } from './ssrf/resolve';

export interface SenderSettings {
  timeoutMs: number;
  allowLoopback: boolean;
  resolver: Resolver;
}

export interface PostResult {
  /** 2xx */
  ok: boolean;
  /** 410 Gone: the receiver asks to be disabled. */
  gone: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** A receiver's answer is read (and dropped) up to this size; it is never stored. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One POST to a webhook endpoint, with the SSRF rules applied on the way out: the URL shape again (an endpoint
 * may predate a rule), the address of every connection checked by a guarded `lookup` and once more on the
 * connected socket, redirects never followed (a 3xx is a failed attempt), one deadline for the whole exchange.
 * Never throws: every outcome is a result to record.
 */
export function postWebhook(
  target: { url: string; environment: Environment },
  request: { headers: Record<string, string>; body: string },
  settings: SenderSettings,
): Promise<PostResult> {
  const started = performance.now();
  const finish = (statusCode: number | null, error: string | null): PostResult => ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300 && error === null,
    gone: statusCode === 410,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
  });

  let url: URL;
  try {
    url = checkUrlShape(target.url, target.environment, { allowLoopback: settings.allowLoopback });
  } catch (error) {
    return Promise.resolve(finish(null, error instanceof EndpointUrlError ? `blocked: ${error.message}` : String(error)));
  }

  const policy = { allowLoopback: settings.allowLoopback };
  const body = Buffer.from(request.body, 'utf8');
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(finish(statusCode, error));
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(body.length) },
      agent: false,
      lookup: guardedLookup(policy, settings.resolver),
    });
    const deadline = setTimeout(() => {
      done(null, `timed out after ${settings.timeoutMs} ms`);
      req.destroy();
    }, settings.timeoutMs);

    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const reason = socket.remoteAddress ? blockedReason(socket.remoteAddress, policy) : 'no remote address';
        if (reason) {
          done(null, `blocked: ${reason}`);
          req.destroy();
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      done(null, error.name === 'BlockedAddressError' ? `blocked: ${error.message}` : describeError(error));
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let received = 0;
      const settle = () => {
        if (status >= 300 && status < 400) {
          const location = res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : '';
          done(status, `redirect not followed (HTTP ${status}${location})`);
        } else if (status >= 200 && status < 300) {
          done(status, null);
        } else {
          done(status, `HTTP ${status}`);
        }
      };
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_RESPONSE_BYTES) {
          settle();
          res.destroy();
        }
      });
      res.on('end', settle);
      res.on('error', settle);
      res.on('aborted', settle);
    });
    req.end(body);
  });
}

function describeError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset by the receiver';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${error.code})`;
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS certificate not accepted (${error.code})`;
    default:
      return error.code ? `${error.code}: ${error.message.slice(0, 160)}` : error.message.slice(0, 160);
  }
}
