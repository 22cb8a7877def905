// The SSRF guard of outgoing webhooks (decision 196). With the guard on (production), a delivery may
// only reach a public address: the check is made on the addresses the connection itself uses (the
// socket's own `lookup`), so a name that resolves elsewhere later (DNS rebinding) is checked again on
// every try, and an address written in the URL is checked before connecting. Redirects are never followed.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/**
 * Is this IP address (v4 or v6) a public unicast address? Anything that is not an address is not.
 * The classification is ipaddr.js's `range()` (its table follows the IANA special-purpose registries):
 * only 'unicast' passes, so private, loopback, link-local, carrier-grade NAT, documentation,
 * benchmarking, multicast, IPv4-mapped and IPv4-compatible (::/96, issue 35 A8), NAT64 (64:ff9b::/96,
 * 64:ff9b:1::/48), 6to4, Teredo and every other special block are refused. A hand-kept list missed ::/96.
 */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false;
  try {
    const ip = ipaddr.parse(address);
    // ipaddr.js names ::/96 only when written with a dotted IPv4 tail ("::127.0.0.1"), not as "::7f00:1".
    if (ip.kind() === 'ipv6' && (ip.match(IPV4_COMPATIBLE) || ip.match(LOCAL_NAT64))) return false;
    return ip.range() === 'unicast';
  } catch {
    return false;
  }
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
