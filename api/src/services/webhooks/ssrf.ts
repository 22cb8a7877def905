// The SSRF guard of outgoing webhooks (decision 196). With the guard on (production), a delivery may
// only reach a public address: the check is made on the addresses the connection itself uses (the
// socket's own `lookup`), so a name that resolves elsewhere later (DNS rebinding) is checked again on
// every try, and an address written in the URL is checked before connecting. Redirects are never followed.
import dns from 'node:dns';
import net from 'node:net';

/** Special-purpose ranges (IANA registries): nothing a CRM endpoint on the internet lives in. */
const V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata: 169.254.169.254)
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
];
const V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (idem)
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo included)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked by BlockList as the IPv4 address they map to.
const blocked = new net.BlockList();
for (const [a, p] of V4) blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of V6) blocked.addSubnet(a, p, 'ipv6');

/** Is this IP address (v4 or v6) a public unicast address? Anything that is not an address is not. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The error a refused connection fails with (its message goes to the delivery log). */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(host === address ? `Refused: ${address} is not a public address` : `Refused: ${host} resolves to ${address}, which is not a public address`);
    this.name = 'AddressRefused';
  }
}

/** The host of a URL as an address when it is one ("[::1]" -> "::1"), else null. */
export function literalAddress(hostname: string): string | null {
  const h = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(h) ? h : null;
}

/** Names that are never on the internet, refused without asking DNS. */
export const isLocalName = (hostname: string): boolean => /(^|\.)(localhost|local|internal|localdomain)\.?$/i.test(hostname);

type LookupAll = (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;
type LookupOne = (err: NodeJS.ErrnoException | null, address: string, family: number) => void;

/**
 * A `lookup` for node:http(s) and net.connect: resolves as dns.lookup does and refuses the connection when
 * any address the name resolves to is not public (so no answer of a round-robin name can reach one).
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupAll | LookupOne): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as LookupOne)(err, '', 0);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || !addresses.length) {
      const e = new AddressRefused(hostname, bad?.address ?? 'nothing') as Error & NodeJS.ErrnoException;
      e.code = 'EADDRREFUSED_SSRF';
      return (callback as LookupOne)(e, '', 0);
    }
    if (options.all) (callback as LookupAll)(null, addresses);
    else (callback as LookupOne)(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/**
 * Why a URL may not be registered with the guard on (null: it may): plain http, an address that is not
 * public, or a local name. A name is resolved only when a delivery connects (DNS may change by then).
 */
export function refusedTarget(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (u.protocol !== 'https:') return 'Use an https:// address';
  const literal = literalAddress(u.hostname);
  if (literal ? !isPublicAddress(literal) : isLocalName(u.hostname)) return 'Private, loopback and link-local addresses are refused';
  return null;
}
