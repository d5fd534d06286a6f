/**
 * Finds what could run script in serialized HTML (our sanitizer's output, our mail templates):
 * a tag that runs or embeds something, an event-handler attribute, a script-bearing address,
 * a style that loads or computes something. The serializers escape `<` in text and `<`, `>`,
 * `"` in attribute values, so every `<` in their output opens a tag: a regular scan is exact
 * for them. (The browser test renders the same HTML in Chromium.)
 */
const ACTIVE_TAGS = new Set(
  (
    'script iframe frame frameset object embed applet svg math style link meta base form input button ' +
    'textarea select option template noscript xmp plaintext listing noembed noframes title video audio ' +
    'source track details marquee isindex image bgsound xml param portal dialog html head body'
  ).split(' '),
);
const ADDRESS_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'background',
  'data',
  'poster',
  'lowsrc',
  'dynsrc',
  'srcset',
  'ping',
  'codebase',
  'cite',
]);
const SAFE_ADDRESS = /^(https?:|mailto:|tel:|\/v1\/media\/[0-9a-f]{64}$)/;
const NAMED: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  quot: '"',
  apos: "'",
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  sol: '/',
};

/** Character references decoded as a browser would (numeric with or without `;`, the usual names). */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&([a-z]+);/gi, (m, name: string) => NAMED[name.toLowerCase()] ?? m);
}

/** What a URL parser ignores around and inside a scheme: controls and Unicode spaces. */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

export function findActiveContent(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    const name = tag[1]!.toLowerCase();
    if (ACTIVE_TAGS.has(name)) problems.push(`<${name}> element`);
    for (const attr of tag[2]!.matchAll(/([^\s"'=/<>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      const attribute = attr[1]!.toLowerCase();
      const value = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '');
      if (attribute.startsWith('on')) problems.push(`${attribute} on <${name}>`);
      if (attribute === 'srcdoc' || attribute === 'is') problems.push(`${attribute} on <${name}>`);
      if (ADDRESS_ATTRIBUTES.has(attribute)) {
        const address = value.replace(IGNORED_IN_SCHEME, '').toLowerCase();
        const relative = !/^[a-z][a-z0-9+.-]*:/.test(address) && !address.startsWith('//');
        if (!SAFE_ADDRESS.test(address) && !(relative && name === 'a' && address.startsWith('/'))) {
          problems.push(`${attribute}="${value.slice(0, 60)}" on <${name}>`);
        }
      }
      if (attribute === 'style' && /url\(|expression|javascript:|behavior|binding|@import/i.test(value)) {
        problems.push(`style="${value.slice(0, 60)}" on <${name}>`);
      }
    }
  }
  return problems;
}
