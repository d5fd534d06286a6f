import fc from 'fast-check';

/** Strings that have broken parsers, query builders and templates somewhere before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  '\uFEFF',
  '🎸🪕🥁',
  'Zalgơ̸̢͉̦͚̰̝͓̜̞̲̈́̊͛͋̈́͝',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  "1'; SELECT pg_sleep(5); --",
  '%',
  '_',
  '%_%',
  '\\',
  '\\%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'false',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x10',
  '1e309',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  '1.5',
  ' 1',
  '1 ',
  '+1',
  '[]',
  '{}',
  'Slot 1',
  'slot 1',
  'Slot 5',
  'admin',
  'x'.repeat(201),
  'x'.repeat(5000),
  'é'.repeat(3000),
  'a@b',
  'a@example.test',
  'A@EXAMPLE.TEST',
  'a@example.test\r\nBcc: victim@example.test',
  '"a b"@example.test',
  'a+tag@xn--80ak6aa92e.test',
];

export const nastyString = fc.constantFrom(...NASTY_STRINGS);

/** Any string a client could send: arbitrary code points, lone surrogates, the nasty list. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 100, maxLength: 3000 }) },
);

/** Any JSON value, numbers at their edges included. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 1, arbitrary: fc.integer() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(anyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(anyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
);

const DROP = Symbol('drop');

/**
 * Bodies near a valid one: most change one field or two (replaced by any value or by another
 * field's valid value, or dropped) and may carry unexpected extra keys; some are valid as they
 * are. So most reach the handlers, where the bugs are; wholly random JSON (see the test's other
 * body kinds) mostly tests the validator.
 */
export function nearValidBody(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  const validValues = Object.values(valid);
  if (keys.length === 0)
    return fc.dictionary(fc.oneof(nastyString, fc.string({ maxLength: 12 })), anyValue, { maxKeys: 3 });
  const replacement = fc.oneof(
    { weight: 4, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.constant<unknown>(DROP) },
    { weight: 1, arbitrary: fc.constantFrom(...validValues) },
  );
  const mutation = fc.tuple(fc.constantFrom(...keys), replacement);
  const mutations = fc.oneof(
    { weight: 2, arbitrary: fc.constant([] as Array<[string, unknown]>) },
    { weight: 5, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 4 }) },
  );
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(nastyString, fc.string({ maxLength: 12 })), anyValue, { maxKeys: 3 }),
    },
  );
  return fc.tuple(mutations, extra).map(([changes, more]) => {
    const body: Record<string, unknown> = {};
    // Extra keys first, so a generated "__proto__" or a real field name cannot hide a chosen value.
    for (const [k, v] of Object.entries(more)) {
      Object.defineProperty(body, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    for (const k of keys) body[k] = valid[k];
    for (const [k, v] of changes) {
      if (v === DROP) delete body[k];
      else body[k] = v;
    }
    return body;
  });
}

export interface RawBody {
  contentType: string | undefined;
  payload: string;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-patch+json',
  '',
  undefined,
];

/** Bytes that are not the JSON object a route expects: broken JSON, other types, odd media types. */
export const rawBody: fc.Arbitrary<RawBody> = fc.record({
  contentType: fc.constantFrom(...CONTENT_TYPES),
  payload: fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"text"',
      '1e99999',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"a":1,"a":2}',
      '\uFEFF{}',
      '{"email":"\\ud800"}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      'a=1&b=2',
    ),
    fc.string({ maxLength: 60 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
  ),
});

/**
 * Percent-encodes as a client must; a lone surrogate (which encodeURIComponent refuses) goes
 * out as the bytes a UTF-8 encoder writes for it.
 */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

/** A query string: known keys with valid or hostile values, unknown keys, repeats, raw bytes. */
export function queryString(valid: Record<string, string>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  const value = fc.oneof(
    { weight: 4, arbitrary: anyString.map((s) => [s]) },
    { weight: 1, arbitrary: fc.array(anyString, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constant([] as string[]) },
  );
  // As for bodies: most change one or two known keys, some none; the rest keep their valid value.
  const mutations =
    keys.length === 0
      ? fc.constant([] as Array<[string, string[]]>)
      : fc.oneof(
          { weight: 2, arbitrary: fc.constant([] as Array<[string, string[]]>) },
          { weight: 5, arbitrary: fc.array(fc.tuple(fc.constantFrom(...keys), value), { minLength: 1, maxLength: 1 }) },
          { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom(...keys), value), { minLength: 2, maxLength: 4 }) },
        );
  const unknown = fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(nastyString, fc.string({ maxLength: 10 })), anyString, { maxKeys: 3 }),
    },
  );
  const raw = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '&%zz=%',
        '&a=%E0%A4%A',
        '&&&',
        '&=',
        '&limit[]=1',
        '&offset[a]=1',
        '&' + 'x=1&'.repeat(500),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => `&${s}`) },
  );
  return fc.tuple(mutations, unknown, raw).map(([changes, u, tail]) => {
    const chosen = new Map<string, string[]>(keys.map((k) => [k, [valid[k]!]]));
    for (const [k, v] of changes) chosen.set(k, v);
    const pairs: string[] = [];
    for (const [key, values] of chosen) {
      for (const v of values) pairs.push(`${encode(key)}=${encode(v)}`);
    }
    for (const [key, v] of Object.entries(u)) pairs.push(`${encode(key)}=${encode(v)}`);
    const text = pairs.join('&') + tail;
    return text === '' ? '' : `?${text}`;
  });
}

/** A path parameter: the valid one, other numbers, or any text (encoded, as a client must). */
export function pathParam(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '2147483648', '1e3', '0x1', '%20', 'NaN') },
    { weight: 2, arbitrary: anyString.filter((s) => s.length > 0).map((s) => encode(s)) },
  );
}

/** What goes in the Authorization header: a good token, none, or something that only looks like one. */
export function authorization(goodToken: string): fc.Arbitrary<string | undefined> {
  const [head = '', payload = '', signature = ''] = goodToken.split('.');
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${goodToken}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        `bearer ${goodToken}`,
        `Bearer  ${goodToken}`,
        `Basic ${Buffer.from('admin:admin').toString('base64')}`,
        `Bearer ${head}.${payload}.`,
        `Bearer ${head}.${payload}.${signature.slice(0, -2)}`,
        `Bearer ${goodToken}x`,
        `Bearer ${'a'.repeat(10_000)}`,
        'Bearer a.b.c',
        'Bearer ...',
      ),
    },
    { weight: 1, arbitrary: anyString.map((s) => `Bearer ${s.replace(/[\r\n]/g, '')}`) },
  );
}
