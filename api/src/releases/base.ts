/**
 * A release whose files live on another origin (its manifest's `base`, a CDN). A team chooses that address, so
 * it is held to an allow-list: an `https:` origin of a public host name (no address literal, no name of a
 * private network, and none that resolves to a private, loopback or link-local address when fetched), or an
 * origin the operator lists in BTLS_RELEASE_ORIGINS. Its files are fetched once, when the release is uploaded
 * (never because of a visitor), without following redirects, each cut off at the size its manifest declares;
 * a failure says which file, never what the network answered.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** What a browser's CSP and our checks accept as a release's origin: http(s), a host name, maybe a port. */
const ORIGIN = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;
export const isReleaseOrigin = (origin: string) => ORIGIN.test(origin);

/** Host names that never name a public host. */
const PRIVATE_NAMES = /(?:^|\.)(?:localhost|local|internal|intranet|lan|home|corp|localdomain|invalid|test|example)$/;

/** Addresses that are not the public internet (RFC 6890 and kin). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why `base` cannot be a release's base here, or undefined when it can. */
export function baseProblem(base: string, allowedOrigins: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return 'base is not an address';
  }
  if (allowedOrigins.includes(url.origin)) return undefined;
  if (url.protocol !== 'https:') return 'base must be an https: address (or an origin listed in BTLS_RELEASE_ORIGINS)';
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, ''))) return 'base must name a host, not an address';
  const labels = host.split('.');
  if (labels.length < 2 || !/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1)!) || PRIVATE_NAMES.test(host))
    return 'base must name a public host';
  return undefined;
}

/** Resolves a host name to public addresses only: a name that resolves to a private one is refused. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    const addresses = found as unknown as LookupAddress[];
    if (error) return callback(error, '', 0);
    const usable = addresses.filter((entry) => isPublicAddress(entry.address));
    if (!usable.length || usable.length !== addresses.length)
      return callback(Object.assign(new Error('not a public address'), { code: 'ENOTPUBLIC' }), '', 0);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  });
};

export class BaseFetchError extends Error {}

/**
 * The bytes at `url`, at most `maxBytes` of them (more is a failure, counted as they arrive): no redirect
 * followed, a public address only unless the origin is the operator's.
 */
export function fetchReleaseFile(
  url: string,
  {
    maxBytes,
    allowedOrigins,
    timeoutMs = 10_000,
  }: { maxBytes: number; allowedOrigins: readonly string[]; timeoutMs?: number },
): Promise<Uint8Array> {
  const target = new URL(url);
  const trusted = allowedOrigins.includes(target.origin);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = () => reject(new BaseFetchError('could not be fetched from the release base'));
    const request = client.get(
      target,
      { lookup: trusted ? undefined : publicLookup, timeout: timeoutMs, headers: { accept: '*/*' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return fail();
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(new BaseFetchError('is larger than its size in the manifest'));
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            response.destroy();
            return reject(new BaseFetchError('is larger than its size in the manifest'));
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks, received))));
        response.on('error', fail);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', fail);
  });
}
