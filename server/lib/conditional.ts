/** The content codings the server sends pre-compressed bodies in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send for an Accept-Encoding header: brotli (once compressed), then gzip, when
 * the client accepts them (a q of 0 refuses); identity otherwise.
 */
export function chooseEncoding(acceptEncoding: string | undefined, brotliReady = true): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (brotliReady && wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return 'identity';
}

/**
 * If-None-Match against the schedule's content hash (RFC 9110 13.1.2: weak comparison, so a
 * `W/` a proxy added still matches). Any encoding's tag of the same content matches: a client
 * that switched encodings still holds the same schedule.
 */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const opaque = tag.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '');
    return opaque === hash;
  });
}
