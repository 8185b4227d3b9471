import { isIP } from 'node:net';
import type { Environment } from '../../kernel/tenant';
import { blockedReason } from './address-policy';
import { BlockedAddressError, resolveAllowed, type Resolver } from './resolve';

export interface UrlRules {
  /** WEBHOOK_ALLOW_LOOPBACK: loopback targets, and plain http for test-environment endpoints. */
  allowLoopback: boolean;
}

/** A URL that may not be registered; the message says which rule it broke. */
export class EndpointUrlError extends Error {
  override readonly name = 'EndpointUrlError';
}

const MAX_URL_LENGTH = 2_048;

/**
 * The rules that hold without DNS: an absolute https URL (http only for test endpoints in local development), no
 * credentials or fragment, and an IP-literal host must be allowed. The WHATWG parser has already turned decimal,
 * hex and octal IPv4 forms (2130706433, 0x7f.1, 0177.0.0.1) into dotted quads, and IPv6 into its short form.
 */
export function checkUrlShape(raw: string, environment: Environment, rules: UrlRules): URL {
  if (raw.length > MAX_URL_LENGTH) throw new EndpointUrlError(`url: at most ${MAX_URL_LENGTH} characters, received ${raw.length}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EndpointUrlError(`url: expected an absolute https URL, received ${JSON.stringify(raw)}`);
  }
  const httpAllowed = environment === 'test' && rules.allowLoopback;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpAllowed)) {
    throw new EndpointUrlError(
      `url: must use https (received ${url.protocol.replace(':', '')})${environment === 'test' ? '; http is allowed for test endpoints only in local development (WEBHOOK_ALLOW_LOOPBACK=true)' : ''}`,
    );
  }
  if (url.username || url.password) throw new EndpointUrlError('url: must not contain a user name or password');
  if (url.hash) throw new EndpointUrlError('url: must not contain a #fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const reason = blockedReason(host, rules);
    if (reason) throw new EndpointUrlError(`url: ${reason}`);
  }
  return url;
}

/** Registration: the shape rules, then every address the host resolves to now. */
export async function checkEndpointUrl(raw: string, environment: Environment, rules: UrlRules, resolver: Resolver): Promise<URL> {
  const url = checkUrlShape(raw, environment, rules);
  try {
    await resolveAllowed(url.hostname, rules, resolver);
  } catch (error) {
    if (error instanceof BlockedAddressError) throw new EndpointUrlError(`url: ${error.message}`);
    throw error;
  }
  return url;
}
