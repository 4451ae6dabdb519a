import dns from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * A push subscription names the URL the server will POST to, and any signed-in user may send one.
 * Browsers' push services (FCM, Mozilla, Apple, Windows) are on the public internet; an endpoint
 * on this server's own network (the database, a cloud metadata service) is a request forgery, so
 * it is refused when subscribed (by its name) and again when sent (by the addresses the name
 * resolves to then, so a name that later points inside is caught too).
 */

/** Loopback, private, link-local, shared (CGNAT), benchmarking, multicast and reserved ranges. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one of this network's own (or no one's), never a push service's. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Names that only mean something on a local network. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

/**
 * Whether an endpoint's host may be a public push service: a public IP address, or a dotted
 * name outside the local-only suffixes (`localhost`, `db`, `printer.local` are not).
 */
export function isPublicHostName(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(host)) return !isInternalAddress(host);
  if (host === 'localhost' || !host.includes('.')) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** What a connection refused by `publicOnlyLookup` fails with. */
export const NOT_PUBLIC = 'ENOTPUBLIC';

/**
 * dns.lookup that fails when the name resolves to an internal address: checked as the connection
 * is made, so the address checked is the address used.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '');
      return;
    }
    const internal = addresses.find((entry) => isInternalAddress(entry.address));
    const [first] = addresses;
    if (internal || !first) {
      const refused: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${internal?.address ?? 'no address'}, not a public address`,
      );
      refused.code = NOT_PUBLIC;
      callback(refused, '');
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};

/** The HTTPS agent push requests go through: public addresses only. */
export const publicOnlyAgent = new Agent({ lookup: publicOnlyLookup });
