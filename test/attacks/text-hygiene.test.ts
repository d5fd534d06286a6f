import { describe, expect, it } from 'vitest';
import { buildHost, buildPerformer, type BuiltUser } from '../../server/test/builders.js';
import { actBody, venueBody } from '../../server/test/catalogue-builders.js';
import { useTestApp } from '../../server/test/use-test-app.js';

/**
 * Text hygiene through the API: names, act names and addresses made of nothing visible (zero-width
 * characters, blank letters, whitespace), with control characters or with bidi overrides are
 * refused with the field named; a name in decomposed Unicode is stored composed (NFC). On the
 * engine the suite runs on. See docs/decisions/0023-framework-errors-text-mail-passwords.md.
 */
const ZWSP = '\u200b';
/** Texts that must be refused in every single-line field. */
const HOSTILE: Array<[string, string]> = [
  ['five zero-width spaces', ZWSP.repeat(5)],
  ['one zero-width space', ZWSP],
  ['zero-width joiners and non-joiners', '\u200d\u200c\u200d\u200c'],
  ['a byte-order mark and word joiners', '\ufeff\u2060\u2060\u2060'],
  ['Hangul fillers', '\u3164\u3164\u3164\u3164'],
  ['braille blanks', '\u2800\u2800\u2800\u2800'],
  ['no-break and ideographic spaces', '\u00a0\u3000\u00a0\u3000'],
  ['a right-to-left override', 'Porch \u202eevil\u202c Band'],
  ['a left-to-right embedding', 'Porch \u202aBand'],
  ['a right-to-left isolate', 'Porch \u2067Band\u2069'],
  ['a bell', 'Porch\u0007 Band'],
  ['an escape sequence', 'Porch \u001b[31mBand'],
  ['a newline', 'Porch\nBand'],
  ['a C1 control', 'Porch \u0085Band'],
  ['a DEL', 'Porch\u007f Band'],
];

const file = useTestApp({ host: buildHost, performer: buildPerformer });

const signup = (name: string, n: number) =>
  file.t.app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { name, email: `hygiene-${n}-${Date.now()}@example.test`, password: 'Porch-Music-1', roles: ['host'] },
  });
const postAs = (who: BuiltUser, url: string, payload: object) =>
  file.t.app.inject({ method: 'POST', url, payload, headers: who.auth });
const createVenue = (address: string) => postAs(file.people.host, '/v1/venues', venueBody({ address }));
const createAct = (name: string) => postAs(file.people.performer, '/v1/acts', actBody({ name }));

describe('text hygiene', () => {
  it(`refuses ${HOSTILE.length} hostile texts as a name, an act name and an address, naming the field`, async () => {
    let refused = 0;
    let stored = 0;
    for (const [i, [what, text]] of HOSTILE.entries()) {
      for (const [field, send] of [
        ['name', () => signup(text, i)],
        ['name', () => createAct(text)],
        ['address', () => createVenue(text)],
      ] as const) {
        const res = await send();
        if (res.statusCode === 400) {
          refused += 1;
          expect(res.json().fields, `${what} as ${field}`).toHaveProperty(field);
        } else stored += 1;
      }
    }
    console.log(`[text hygiene] ${HOSTILE.length * 3} hostile texts: ${refused} refused, ${stored} stored`);
    expect(stored).toBe(0);
  });

  it('stores a name in composed form (NFC), so the same name is one name', async () => {
    const decomposed = 'Cafe\u0301 Quartet';
    const res = await createAct(decomposed);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Café Quartet');
    expect(res.json().name).toBe(decomposed.normalize('NFC'));
  });

  it('accepts names in other scripts and with honest joiners', async () => {
    for (const name of ['Ранний рассвет', 'فرقة الشرفة', 'Kim 김 밴드', 'Family 👨‍👩‍👧 Band', 'Zoë & the Ñandús']) {
      const res = await createAct(name);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().name, name).toBe(name.normalize('NFC'));
    }
  });
});
