import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { REQUIRED } from '../../contract/forms.js';
import {
  RICH_TEXT_TAGS,
  LINK_PROTOCOLS,
  RICH_TEXT_MAX_CHARS,
  RICH_TEXT_MAX_IMAGE_BYTES,
  RICH_TEXT_MAX_IMAGES,
  RICH_TEXT_PALETTE,
  RICH_TEXT_TOO_LONG,
} from '../../contract/rich-text.js';
import { richTextBoundsProblem } from './rich-text-bounds.js';

/** An inline image taken out of the HTML, to be stored in `media` under its hash. */
export interface RichTextImage {
  sha256: string;
  mimeType: string;
  bytes: Buffer;
}

export interface SanitizedRichText {
  /** Safe HTML: only the editor's formats, data images replaced by /v1/media/<sha256>. */
  html: string;
  /** What a reader sees, one line per block, entities decoded: for search and emptiness. */
  text: string;
  /** Characters as the editor counts them (Quill's getLength() less its closing newline). */
  length: number;
  images: RichTextImage[];
}

/** Rich text a person must fix: the message names what is wrong, for a 400 on that field. */
export class RichTextError extends Error {
  override name = 'RichTextError';
}

/**
 * Stored HTML, after sanitizing. 1,500 characters with every word in its own colour come to
 * about 15,000; the cap stops a bio of empty formatting tags (which count no characters) from
 * making every list page that shows it megabytes long.
 */
export const RICH_TEXT_MAX_STORED_HTML = 32_000;

export const RichTextMessages = {
  tooLong: RICH_TEXT_TOO_LONG,
  tooMuchFormatting: 'The text has too much formatting',
  tooManyImages: `At most ${RICH_TEXT_MAX_IMAGES} images are allowed`,
  imageTooLarge: `Each image must be at most ${Math.round(RICH_TEXT_MAX_IMAGE_BYTES / 1024)} KB`,
  required: REQUIRED,
} as const;

export const MEDIA_PATH_PREFIX = '/v1/media/';
const MEDIA_PATH = /^\/v1\/media\/[0-9a-f]{64}$/;
const KEYED_MEDIA_PATH = /^\/v1\/media\/([0-9a-f]{64})\?key=[0-9a-f]{32}$/;

// Colours as Quill sets them (#rrggbb) and as the browser serializes them (rgb(r, g, b)).
const paletteValues = RICH_TEXT_PALETTE.flatMap((hex) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return [hex, `rgb(${r}, ${g}, ${b})`];
});
const PALETTE = new RegExp(
  `^(${paletteValues.map((v) => v.replace(/[()]/g, '\\$&').replace(/, /g, ',\\s*')).join('|')})$`,
  'i',
);
const ALIGN = /^(left|right|center|justify)$/;
const colours = { color: [PALETTE], 'background-color': [PALETTE] };
const blockClasses = [/^ql-indent-[1-8]$/, /^ql-align-(center|right|justify)$/];
const LIST_KINDS = new Set(['bullet', 'ordered']);
const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'span', 'a'] as const;

/**
 * The data images the editor embeds (png, gif, jpeg, bmp, icon), recognised by their first bytes:
 * the declared type is not trusted, and bytes that are none of these are not stored.
 */
const SIGNATURES: Array<[string, number[]]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/bmp', [0x42, 0x4d]],
  ['image/x-icon', [0x00, 0x00, 0x01, 0x00]],
];
const DATA_IMAGE =
  /^data:image\/(png|gif|jpeg|jpg|bmp|x-icon|vnd\.microsoft\.icon);base64,([A-Za-z0-9+/\s]*={0,2}\s*)$/i;
// Base64 is 4 characters for every 3 bytes: refuse before decoding anything larger.
const MAX_BASE64_CHARS = Math.ceil(RICH_TEXT_MAX_IMAGE_BYTES / 3) * 4;

export function sniffImageType(bytes: Buffer): string | null {
  for (const [type, magic] of SIGNATURES) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

function parseUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    // The browser's own parser: it drops tabs and newlines and trims, exactly as a browser
    // would before following the link, so `java\tscript:` is seen as `javascript:`.
    return new URL(value);
  } catch {
    return null;
  }
}

const LINK_SCHEMES = new Set<string>(LINK_PROTOCOLS.map((p) => `${p}:`));

/**
 * docs/behaviour.md#validation: links only to http, https, mailto and tel; anything else loses its
 * address.
 */
function safeLink(href: string | undefined): string | undefined {
  const url = parseUrl(href);
  return url && LINK_SCHEMES.has(url.protocol) ? url.href : undefined;
}

interface ImageState {
  images: Map<string, RichTextImage>;
  count: number;
  tooLarge: boolean;
}

/** An image's address after sanitizing, or undefined to drop the image. */
function safeImageSource(src: string | undefined, state: ImageState): string | undefined {
  const value = src?.trim() ?? '';
  if (MEDIA_PATH.test(value)) return value;
  // A message's picture as its reader got it, with its key (server/features/media/keys.ts): stored
  // by its plain address, keyed again for whoever may read what holds it.
  const keyed = KEYED_MEDIA_PATH.exec(value);
  if (keyed) return MEDIA_PATH_PREFIX + keyed[1];
  if (/^data:/i.test(value)) return storeDataImage(value, state);
  const url = parseUrl(value);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined;
}

function storeDataImage(src: string, state: ImageState): string | undefined {
  const match = DATA_IMAGE.exec(src);
  if (!match) return undefined;
  const base64 = match[2]!.replace(/\s+/g, '');
  if (base64.length > MAX_BASE64_CHARS) {
    state.tooLarge = true;
    return undefined;
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) return undefined;
  if (bytes.length > RICH_TEXT_MAX_IMAGE_BYTES) {
    state.tooLarge = true;
    return undefined;
  }
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return undefined;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  state.images.set(sha256, { sha256, mimeType, bytes });
  return MEDIA_PATH_PREFIX + sha256;
}

const dimension = (value: string | undefined) => (value && /^\d{1,4}$/.test(value) ? value : undefined);

function withoutUndefined(attribs: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter((e): e is [string, string] => e[1] !== undefined));
}

function sanitizeOptions(state: ImageState): sanitizeHtml.IOptions {
  return {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: {
      p: ['class', 'style'],
      h1: ['class', 'style'],
      h2: ['class', 'style'],
      h3: ['class', 'style'],
      li: ['class', 'style', 'data-list'],
      span: ['class', 'style'],
      strong: ['style'],
      b: ['style'],
      em: ['style'],
      i: ['style'],
      u: ['style'],
      s: ['style'],
      a: ['href', 'rel', 'target', 'style'],
      img: ['src', 'alt', 'width', 'height'],
    },
    allowedClasses: {
      p: blockClasses,
      h1: blockClasses,
      h2: blockClasses,
      h3: blockClasses,
      li: blockClasses,
      // Quill 2 puts an empty <span class="ql-ui"> in each list item for its marker.
      span: ['ql-ui'],
    },
    allowedStyles: {
      p: { ...colours, 'text-align': [ALIGN] },
      h1: { 'text-align': [ALIGN] },
      h2: { 'text-align': [ALIGN] },
      h3: { 'text-align': [ALIGN] },
      li: { 'text-align': [ALIGN] },
      // Quill sets a colour on the inline element it formats: <strong style="color: …">.
      ...Object.fromEntries(INLINE_TAGS.map((tag) => [tag, colours])),
    },
    allowedSchemes: [...LINK_PROTOCOLS],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    // Dropped with everything inside them, not just unwrapped.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'xmp',
      'title',
      'noscript',
      'noembed',
      'noframes',
      'iframe',
      'template',
      'svg',
      'math',
      'object',
      'embed',
      'select',
      'head',
    ],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: withoutUndefined({
          href: safeLink(attribs.href),
          style: attribs.style,
          rel: 'noopener noreferrer',
          target: '_blank',
        }),
      }),
      // Quill 2 writes both kinds of list as <ol>; the item says which.
      li: (tagName, attribs) => ({
        tagName,
        attribs: withoutUndefined({
          ...attribs,
          'data-list': LIST_KINDS.has(attribs['data-list'] ?? '') ? attribs['data-list'] : undefined,
        }),
      }),
      img: (tagName, attribs) => {
        const src = safeImageSource(attribs.src, state);
        if (src) state.count += 1;
        return {
          tagName,
          attribs: withoutUndefined({
            src,
            alt: attribs.alt,
            width: dimension(attribs.width),
            height: dimension(attribs.height),
          }),
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const BLOCK_END = /<\/(?:p|h[1-3]|li)>/g;
// Quill writes an empty line as a block holding only <br>: the line break is the block's own.
const EMPTY_LINE_BREAK = /(<(p|h[1-3]|li)\b[^>]*>(?:<span class="ql-ui"><\/span>)?)<br \/>(?=<\/\2>)/g;

/** The few entities sanitize-html writes; any other `&…;` in its output is literal text. */
function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );
}

/**
 * Measures sanitized HTML as Quill does: every character, one per image, one per line break
 * between blocks; the closing newline Quill always adds is not counted, so a single paragraph
 * of 1500 characters is exactly the limit the editor lets a person reach.
 */
export function measureRichText(html: string): { text: string; length: number; images: number } {
  const lines = html.replace(EMPTY_LINE_BREAK, '$1');
  const blocks = lines.match(BLOCK_END)?.length ?? 0;
  const images = lines.match(/<img\b/g)?.length ?? 0;
  const breaks = lines.match(/<br \/>/g)?.length ?? 0;
  const characters = decodeEntities(lines.replace(/<[^>]*>/g, '')).length;
  const text = decodeEntities(
    lines
      .replace(BLOCK_END, '\n')
      .replace(/<br \/>/g, '\n')
      .replace(/<[^>]*>/g, ''),
  ).trim();
  return { text, length: characters + Math.max(blocks - 1, 0) + images + breaks, images };
}

/**
 * Cleans rich text from the editor with an allowlist of exactly its formats
 * (docs/behaviour.md#validation): headings 1-3, bold, italic, underline, strike, palette colours,
 * lists, indents, alignment, links (http, https, mailto, tel) and images (http, https, or inline
 * data images, which are moved out to `media`). Throws RichTextError when the text is empty, too
 * long or has too many or too large images.
 */
export function sanitizeRichText(input: string): SanitizedRichText {
  const problem = richTextBoundsProblem(input);
  if (problem) throw new RichTextError(problem);
  const state: ImageState = { images: new Map(), count: 0, tooLarge: false };
  const html = sanitizeHtml(input, sanitizeOptions(state)).trim();
  if (state.tooLarge) throw new RichTextError(RichTextMessages.imageTooLarge);
  if (state.count > RICH_TEXT_MAX_IMAGES) throw new RichTextError(RichTextMessages.tooManyImages);
  const { text, length, images } = measureRichText(html);
  if (text === '' && images === 0) throw new RichTextError(RichTextMessages.required);
  if (length > RICH_TEXT_MAX_CHARS) throw new RichTextError(RichTextMessages.tooLong);
  if (html.length > RICH_TEXT_MAX_STORED_HTML) throw new RichTextError(RichTextMessages.tooMuchFormatting);
  return { html, text, length, images: [...state.images.values()] };
}

/**
 * Stored rich text cleaned again on its way out, where there is no DOM for DOMPurify (a page's
 * first view drawn on the server, server/web/first-view.ts): the same allowlist, never throwing.
 */
export function cleanStoredRichText(html: string): string {
  const state: ImageState = { images: new Map(), count: 0, tooLarge: false };
  return sanitizeHtml(html, sanitizeOptions(state)).trim();
}
