import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS } from '../../../contract/rich-text.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin } from '../../test/builders.js';
import { actBody, venueBody } from '../../test/catalogue-builders.js';

/**
 * Known XSS vectors (OWASP filter-evasion cheat sheet, mXSS and Quill-specific ones) sent as a
 * bio through the API. Whatever is stored must be inert: only the editor's tags and attributes,
 * no script, no event handler, no script-bearing address.
 */
const VECTORS: string[] = [
  '<script>alert(1)</script>',
  '<scRipt>alert(1)</scRipt>',
  '<SCRIPT SRC=http://xss.test/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.test/a.png" onload="alert(1)">',
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  `<IMG SRC="jav\tascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  '<img dynsrc="javascript:alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img """><script>alert(1)</script>">',
  '<div><img src="x" /onerror=alert(1)></div>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="javas&#99;ript:alert(1)">x</a>',
  '<a href="&#0000106avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="https://ok.test" onclick="alert(1)">ok</a>',
  '<a href="https://ok.test/&quot; onmouseover=&quot;alert(1)">x</a>',
  '<a href="https://ok.test/" target="_top" rel="opener">x</a>',
  '<a href="https://ok.test" style="color:expression(alert(1))">ok</a>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="javascript:alert(1)"></iframe>',
  '<span class="ql-formula" data-value="<img src=x onerror=alert(1)>">x</span>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<isindex action=javascript:alert(1) type=image>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  `<style>@import 'javascript:alert(1)';</style>`,
  '<p style="background-image:url(javascript:alert(1))">x</p>',
  '<p style="width:expression(alert(1))">x</p>',
  '<span style="color:red;behavior:url(xss.htc)">x</span>',
  '<div style="-moz-binding:url(http://xss.test/xss.xml#xss)">x</div>',
  '<body onload=alert(1)>',
  '<p onmouseover="alert(1)">hover</p>',
  '<p class="ql-indent-1" onclick=alert(1)>x</p>',
  '<ol><li data-list="bullet" onclick="alert(1)">x</li></ol>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td background="javascript:alert(1)">x</td></tr></table>',
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<title><img src=x onerror=alert(1)></title>',
  '<template><script>alert(1)</script></template>',
  '<?xml version="1.0"?><html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script>',
];

// The editor's tags: the one allowlist the sanitizer and the renderer share (contract/rich-text.ts).
const ALLOWED_TAGS = new Set<string>(RICH_TEXT_TAGS);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'rel',
  'target',
  'src',
  'alt',
  'width',
  'height',
  'class',
  'style',
  'data-list',
]);

/** Every way the stored HTML could still be dangerous; empty when it is inert. */
function dangers(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('script tag');
  if (/\bon\w+\s*=/i.test(html)) found.push('event handler');
  if (/javascript:/i.test(html)) found.push('javascript: address');
  if (/vbscript:/i.test(html)) found.push('vbscript: address');
  if (/data:text/i.test(html)) found.push('data:text address');
  if (/<\s*(svg|iframe|object|embed|base|meta|style|link|form|math|template|input|button)\b/i.test(html))
    found.push('forbidden tag');
  if (/expression\s*\(|url\s*\(/i.test(html)) found.push('style expression or url()');
  for (const [, tag, attributes] of html.matchAll(/<\/?([a-zA-Z0-9:-]+)([^>]*)>/g)) {
    if (!ALLOWED_TAGS.has(tag!.toLowerCase())) found.push(`tag ${tag}`);
    for (const [, name] of attributes!.matchAll(/([^\s=/"']+)(?:="[^"]*")?/g)) {
      if (!ALLOWED_ATTRIBUTES.has(name!.toLowerCase())) found.push(`attribute ${name}`);
    }
  }
  for (const [, href] of html.matchAll(/\shref="([^"]*)"/g)) {
    if (!/^(https?:\/\/|mailto:|tel:)/.test(href!)) found.push(`href ${href}`);
  }
  for (const [, src] of html.matchAll(/\ssrc="([^"]*)"/g)) {
    if (!/^(https?:\/\/|\/v1\/media\/[0-9a-f]{64}$)/.test(src!)) found.push(`src ${src}`);
  }
  for (const [, target] of html.matchAll(/\starget="([^"]*)"/g))
    if (target !== '_blank') found.push(`target ${target}`);
  return found;
}

const {
  t,
  people: { admin },
} = useTestApp({ admin: buildAdmin });

async function storedBios(table: 'venues' | 'acts', id: number): Promise<string> {
  const row = await t.app.deps.db.kysely.selectFrom(table).select('bio').where('id', '=', id).executeTakeFirstOrThrow();
  return row.bio;
}

describe('hostile bios', () => {
  it('has at least 50 vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it('the check finds what it looks for', () => {
    expect(dangers('<p>fine <a href="https://ok.test" rel="noopener noreferrer" target="_blank">x</a></p>')).toEqual(
      [],
    );
    expect(dangers('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(dangers('<a href="javascript:alert(1)">x</a>')).not.toEqual([]);
    expect(dangers('<div>x</div>')).toEqual(['tag div', 'tag div']);
  });

  it.each(VECTORS.map((v, i) => [i + 1, v] as const))(
    'vector %i is stored inert through POST /v1/venues and /v1/acts',
    async (_n, vector) => {
      const bio = `<p>Safe words</p>${vector}<p>more</p>`;
      const venue = await t.app.inject({
        method: 'POST',
        url: '/v1/venues',
        headers: admin.auth,
        payload: venueBody({ bio }),
      });
      const act = await t.app.inject({
        method: 'POST',
        url: '/v1/acts',
        headers: admin.auth,
        payload: actBody({ bio }),
      });
      for (const [res, table] of [
        [venue, 'venues'],
        [act, 'acts'],
      ] as const) {
        expect(res.statusCode, res.body).toBe(201);
        const returned: string = res.json().bio;
        expect(dangers(returned), returned).toEqual([]);
        expect(await storedBios(table, res.json().id)).toBe(returned);
        expect(returned).toContain('Safe words');
      }
    },
  );
});
