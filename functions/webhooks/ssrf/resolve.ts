import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { blockedReason, type AddressPolicy } from './address-policy';

/** Every address a hostname resolves to. Injectable so tests can play a DNS that lies or rebinds. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** A webhook target that is, or resolves to, an address the policy refuses. */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
}

/**
 * Resolves `hostname` and checks every address: one refused address refuses the host (a name that mixes public
 * and private answers is a rebinding setup). IP literals are checked as they are.
 */
export async function resolveAllowed(hostname: string, policy: AddressPolicy, resolver: Resolver): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolveOrExplain(host, resolver);
  if (addresses.length === 0) throw new BlockedAddressError(`${host} does not resolve to any address`);
  for (const address of addresses) {
    const reason = blockedReason(address, policy);
    if (reason) throw new BlockedAddressError(isIP(host) ? reason : `${host} resolves to ${reason}`);
  }
  return addresses;
}

async function resolveOrExplain(host: string, resolver: Resolver): Promise<string[]> {
  try {
    return await resolver(host);
  } catch (error) {
    throw new BlockedAddressError(`${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * A `lookup` for http.request / net.connect: the socket connects only to addresses this function returns, and
 * it returns only checked ones. This is the check on the address actually connected to (DNS rebinding: the
 * answer at registration may differ from the answer now).
 */
export function guardedLookup(policy: AddressPolicy, resolver: Resolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    resolveAllowed(hostname, policy, resolver).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const entries = addresses.map((address) => ({ address, family: isIP(address) })).filter((a) => !wanted || a.family === wanted);
        if (entries.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0].address, entries[0].family);
      },
      (error: Error) => callback(error),
    );
  }) as unknown as LookupFunction;
}
