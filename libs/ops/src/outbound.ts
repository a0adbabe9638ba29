import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The guard of every request the portal makes to an address a user typed (a depositor's webhook
 * endpoint, later a custom carrier's base URL): https only, and never towards the provider's own
 * network. Plain http goes only to the `host:port` pairs the provider lists in the allow-list
 * (WEBHOOK_HTTP_HOSTS), which are also spared the range check (a receiver on the provider's side).
 * Every address a name resolves to is checked, at save and again before each request, and the request
 * then connects to the address checked (pinnedLookup): a name that resolved to a public address at
 * save and to a private one later (DNS rebinding) is refused at the later time.
 */
export type OutboundRefusal = 'httpsRequired' | 'addressRefused';

export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (injected in tests: a resolver that changes its mind). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export interface OutboundTarget {
  url: URL;
  /** The host name as the URL gives it (brackets of an IPv6 literal removed): the Host header and TLS name. */
  hostname: string;
  port: number;
  /** The address to connect to, checked. */
  address: ResolvedAddress;
  /** A `host:port` of the allow-list: plain http allowed, ranges not checked. */
  allowListed: boolean;
}

export interface OutboundOptions {
  /** `host:port` entries allowed in plain http (and spared the range check): WEBHOOK_HTTP_HOSTS. */
  httpHosts?: readonly string[];
  resolver?: Resolver;
}

/** The allow-list of an environment variable: `host:port` entries separated by commas or spaces. */
export function allowListOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

// Everything that is not a public unicast address of the Internet (IANA special-purpose registries).
const REFUSED_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  REFUSED_V4.addSubnet(net, prefix, 'ipv4');

const REFUSED_V6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const)
  REFUSED_V6.addSubnet(net, prefix, 'ipv6');
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

/**
 * Whether an address is a public one the portal may call. IPv6 must be global unicast (::, ::1,
 * fc00::/7, fe80::/10 and multicast are outside it); an IPv4 address carried inside IPv6 (mapped
 * ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged as the IPv4 one.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !REFUSED_V4.check(address, 'ipv4');
  if (family !== 6) return false;
  const embedded = embeddedIpv4(address);
  if (embedded !== undefined) return embedded !== null && isPublicAddress(embedded);
  return GLOBAL_UNICAST_V6.check(address, 'ipv6') && !REFUSED_V6.check(address, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (null: a form that carries one, unreadable), or undefined. */
function embeddedIpv4(address: string): string | null | undefined {
  const words = expandIpv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated but still routed by some stacks).
  if (zeros(0, 5) && (words[5] === 0xffff || words[5] === 0)) return v4(words[6], words[7]);
  // 64:ff9b::a.b.c.d (NAT64, well-known prefix) and 64:ff9b:1::/48 (local-use NAT64).
  if (words[0] === 0x64 && words[1] === 0xff9b) return v4(words[6], words[7]);
  // 2002:a.b.c.d::/48 (6to4).
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return undefined;
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    if (parts.some((p) => p > 255)) return null;
    text = `${text.slice(0, -dotted[1].length)}${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const [head, tail, ...more] = text.split('::');
  if (more.length) return null;
  const words = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const front = words(head);
  const back = words(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  const all = [...front, ...new Array<number>(Math.max(fill, 0)).fill(0), ...back];
  return all.length === 8 && all.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? all : null;
}

/**
 * Checks an address a user typed and resolves it: the scheme (https, or http to the allow-list),
 * then every address the host has. Answers where to connect; throws OutboundRefused otherwise.
 * Called at save and before every request (never trust the answer of an earlier resolution).
 */
export async function resolveOutbound(raw: string, options: OutboundOptions = {}): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('httpsRequired', 'not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused('httpsRequired', `scheme ${url.protocol} refused`);
  if (url.username || url.password) throw new OutboundRefused('addressRefused', 'credentials in the address');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const allowListed = (options.httpHosts ?? []).includes(`${hostOf(hostname)}:${port}`);
  if (url.protocol === 'http:' && !allowListed) throw new OutboundRefused('httpsRequired', 'plain http to a host not allowed');
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolver ?? systemResolver)(hostname);
    } catch {
      throw new OutboundRefused('addressRefused', `${hostname} does not resolve`);
    }
  }
  if (!addresses.length) throw new OutboundRefused('addressRefused', `${hostname} does not resolve`);
  if (!allowListed) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) throw new OutboundRefused('addressRefused', `${hostname} resolves to ${refused.address}, not a public address`);
  }
  return { url, hostname, port, address: addresses[0], allowListed };
}

/** An IPv6 literal as an allow-list writes it (`[::1]:8080`). */
const hostOf = (hostname: string) => (isIP(hostname) === 6 ? `[${hostname}]` : hostname);

/**
 * A `lookup` for node:http(s) that answers the checked address whatever name is asked: the
 * connection goes where the guard looked, while the Host header and TLS name stay the URL's.
 */
export function pinnedLookup(address: ResolvedAddress) {
  return (
    _hostname: string,
    options: { all?: boolean } | undefined,
    callback: (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void,
  ): void => {
    if (options?.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
}
