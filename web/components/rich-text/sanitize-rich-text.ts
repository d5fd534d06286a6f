import DOMPurify from 'dompurify';
import { RICH_TEXT_PALETTE, RICH_TEXT_TAGS } from '../../../contract/rich-text';

/**
 * The check on stored rich text on its way out, in the spirit of the server's allowlist
 * (server/lib/rich-text.ts): only the editor's formats, links to http/https/mailto/tel,
 * images from our media, http(s) or inline raster data. The server sanitizes on the way in;
 * this guards the way out, so a row written some other way still cannot run script. In the
 * browser it is DOMPurify; on a page the server draws, the server's own sanitizer (below).
 */
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'width', 'height', 'class', 'style', 'data-list', 'target', 'rel'];

const LINK = /^(https?:|mailto:|tel:)/i;
const IMAGE = /^(https?:\/\/|\/v1\/media\/|data:image\/(png|gif|jpeg|bmp|x-icon|vnd\.microsoft\.icon);base64,)/i;
const BLOCK_CLASS = /^ql-(indent-[1-8]|align-(center|right|justify))$/;
const ALIGN = /^(left|right|center|justify)$/;
const DIMENSION = /^\d{1,4}$/;

// Quill's 35 colours, as Quill writes them (#rrggbb) and as browsers serialize them (rgb()).
const PALETTE = new Set(
  RICH_TEXT_PALETTE.flatMap((hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return [hex, `rgb(${r}, ${g}, ${b})`];
  }),
);
const normalColour = (value: string) => value.toLowerCase().replace(/\s*,\s*/g, ', ');
const STYLE_RULES: Record<string, (value: string) => boolean> = {
  color: (v) => PALETTE.has(normalColour(v)),
  'background-color': (v) => PALETTE.has(normalColour(v)),
  'text-align': (v) => ALIGN.test(v),
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

function build(): ReturnType<typeof DOMPurify> {
  // An instance of our own: these hooks must not change DOMPurify for any other caller.
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const value = data.attrValue.trim();
    if (data.attrName === 'href') data.keepAttr = node.nodeName === 'A' && LINK.test(value);
    if (data.attrName === 'src') {
      data.keepAttr = node.nodeName === 'IMG' && IMAGE.test(value);
      // DOMPurify checks data: URIs itself and would drop them; we have already decided.
      data.forceKeepAttr = data.keepAttr;
    }
    if (data.attrName === 'data-list') data.keepAttr = value === 'bullet' || value === 'ordered';
    if (data.attrName === 'width' || data.attrName === 'height') data.keepAttr = DIMENSION.test(value);
    if (data.attrName === 'class') {
      const kept = value.split(/\s+/).filter((c) => BLOCK_CLASS.test(c));
      data.attrValue = kept.join(' ');
      data.keepAttr = kept.length > 0;
    }
    if (data.attrName === 'style') {
      const kept = value
        .split(';')
        .map((decl) => decl.split(':').map((part) => part.trim()))
        .filter(([prop, val]) => prop && val && STYLE_RULES[prop.toLowerCase()]?.(val))
        .map(([prop, val]) => `${prop}: ${val}`);
      data.attrValue = kept.join('; ');
      data.keepAttr = kept.length > 0;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      // A link out of a bio never gets a handle on our window.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    // A picture in a bio has no description to give (the editor asks for none): decorative.
    if (node.nodeName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });
  return instance;
}

/**
 * DOMPurify with the allowlist above. It needs a DOM: where there is none (the server drawing a
 * page's first view, web/entry-server.tsx), the server hands its own allowlist sanitizer to the
 * components through RichTextSanitizer (safe-html.tsx), and nothing here is called.
 */
export function sanitizeRichText(html: string): string {
  // Never unsanitized: without a DOM there is nothing to clean with, so nothing to show.
  if (typeof window === 'undefined') return '';
  purifier ??= build();
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
