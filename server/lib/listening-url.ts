import type { AddressInfo } from 'node:net';

/**
 * The address actually listened on: the real port (PORT=0 picks a free one), and localhost
 * for the wildcard interfaces, which a browser cannot open.
 */
export function listeningUrl(address: string | AddressInfo | null): string {
  if (address === null || typeof address === 'string') return address ?? 'an unknown address';
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const name = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${name}:${address.port}`;
}
