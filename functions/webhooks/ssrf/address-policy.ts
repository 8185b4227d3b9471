import { BlockList, isIP } from 'node:net';

/** Why an address may not receive webhooks. `loopback` alone can be allowed, for local development. */
export type BlockedCategory =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'unspecified'
  | 'unique-local'
  | 'reserved'
  | 'documentation'
  | 'tunnel';

export interface AddressPolicy {
  /** Local development (WEBHOOK_ALLOW_LOOPBACK): 127.0.0.0/8 and ::1 may be targets. Nothing else is ever allowed. */
  allowLoopback: boolean;
}

const IPV4_RANGES: [string, number, BlockedCategory][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // 169.254.169.254: the cloud metadata service
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255
];

const IPV6_RANGES: [string, number, BlockedCategory][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'], // discard-only
  ['2001::', 32, 'tunnel'], // Teredo: the IPv4 side is obfuscated, so the whole range is refused
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // deprecated site-local
  ['ff00::', 8, 'multicast'],
];

/** One BlockList per category, so a match can say which rule it broke. */
function compile(ranges: [string, number, BlockedCategory][], type: 'ipv4' | 'ipv6'): [BlockList, BlockedCategory][] {
  return ranges.map(([network, prefix, category]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, type);
    return [list, category];
  });
}

const IPV4_LISTS = compile(IPV4_RANGES, 'ipv4');
const IPV6_LISTS = compile(IPV6_RANGES, 'ipv6');

/**
 * The category that makes `address` unfit as a webhook target, or undefined when it is a public unicast address.
 * IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address inside. Anything that is not an IP is refused.
 */
export function classifyAddress(address: string): BlockedCategory | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return match(IPV4_LISTS, bare, 'ipv4');
  if (version !== 6) return 'reserved';
  const embedded = embeddedIPv4(bare);
  if (embedded) return classifyAddress(embedded);
  return match(IPV6_LISTS, bare, 'ipv6');
}

/** A sentence for logs and CLI errors, or undefined when the policy allows the address. */
export function blockedReason(address: string, policy: AddressPolicy): string | undefined {
  const category = classifyAddress(address);
  if (!category || (category === 'loopback' && policy.allowLoopback)) return undefined;
  return `${address} is a ${category} address; webhooks are only sent to public addresses`;
}

function match(lists: [BlockList, BlockedCategory][], address: string, type: 'ipv4' | 'ipv6'): BlockedCategory | undefined {
  for (const [list, category] of lists) if (list.check(address, type)) return category;
  return undefined;
}

/** The IPv4 address carried by an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 address. */
function embeddedIPv4(address: string): string | undefined {
  const words = ipv6Words(address);
  if (!words) return undefined;
  const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; :: and ::1 themselves are handled as IPv6)
  if (zeros(0, 5) && words[5] === 0xffff) return dotted(words[6], words[7]);
  if (zeros(0, 6) && (words[6] !== 0 || words[7] > 1)) return dotted(words[6], words[7]);
  // ::ffff:0:a.b.c.d (SIIT) and 64:ff9b::a.b.c.d / 64:ff9b:1::/48 (NAT64)
  if (zeros(0, 4) && words[4] === 0xffff && words[5] === 0) return dotted(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b) return dotted(words[6], words[7]);
  // 2002:AABB:CCDD::/48 (6to4)
  if (words[0] === 0x2002) return dotted(words[1], words[2]);
  return undefined;
}

/** Eight 16-bit words of a valid IPv6 address (including a trailing dotted quad). */
function ipv6Words(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const words = tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : undefined;
}
