import Quill from 'quill';
import type HeaderFormat from 'quill/formats/header';
import type ImageFormat from 'quill/formats/image';
import type LinkFormat from 'quill/formats/link';
import { IMAGE_DATA_TYPES, LINK_PROTOCOLS } from '../../../contract/rich-text';

/**
 * docs/behaviour.md#validation: links accept only http, https, mailto and tel. Quill 2 also lets
 * `sms:` through, so its Link format gets our list; anything else becomes Quill's blank address.
 * Changing the registered class affects every editor on the page, which is what we want.
 */
const Link = Quill.import('formats/link') as typeof LinkFormat;
Link.PROTOCOL_WHITELIST = [...LINK_PROTOCOLS];

const Image = Quill.import('formats/image') as typeof ImageFormat;
const RASTER_DATA = new RegExp(
  `^data:(${IMAGE_DATA_TYPES.map((t) => t.replace(/[.+]/g, '\\$&')).join('|')});base64,`,
  'i',
);

/**
 * Quill inserts pictures without alt text, which screen readers read out as a file name and
 * axe reports. The editor has no way to describe a picture, so it is marked decorative.
 */
class DescribedImage extends Image {
  static override create(value: string): Element {
    const node = super.create(value);
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    return node;
  }

  // Quill removes an attribute whose value is empty, which would take the empty alt away again.
  override format(name: string, value: string): void {
    if (name === 'alt' && !value) this.domNode.setAttribute('alt', '');
    else super.format(name, value);
  }

  /**
   * Quill takes any data: address for a picture; ours are the raster types only
   * (docs/behaviour.md#validation, and the server's and the renderer's rule), never an SVG or an
   * HTML document. The edit form loads the stored bio into the editor without the renderer's pass,
   * so this is its guard.
   */
  static override sanitize(url: string): string {
    const address = url.trim();
    return /^data:/i.test(address) && !RASTER_DATA.test(address) ? '//:0' : super.sanitize(url);
  }
}
Quill.register('formats/image', DescribedImage, true);

/**
 * docs/behaviour.md#constants-and-limits: headings 1-3. The toolbar offers only those, but Quill's
 * Header format also takes h4-h6 from pasted or loaded HTML, which the server's sanitizer then
 * drops (contract RICH_TEXT_TAGS): the person would see a heading that is gone once saved. With
 * only h1-h3 registered, a pasted h4 becomes an ordinary paragraph in the editor already.
 */
const Header = Quill.import('formats/header') as typeof HeaderFormat;
class SpecHeader extends Header {
  static override tagName = ['H1', 'H2', 'H3'];
}
Quill.register('formats/header', SpecHeader, true);

/**
 * The formats this editor may produce. Passing the list makes Quill build a registry with
 * only these, so `formula` and `video` (the route of the XSS advisory on Quill 2.0.3) are
 * never available to typing, pasting or the API, whatever the full build registers.
 */
export const RICH_TEXT_FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'list',
  'indent',
  'link',
  'image',
];

/**
 * docs/behaviour.md#constants-and-limits: heading levels 1-3; colour pickers left empty get Quill's
 * 35-colour palette.
 */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['link', 'image'],
  ['clean'],
];

export const RICH_TEXT_MODULES = {
  toolbar: TOOLBAR,
  // docs/behaviour.md#constants-and-limits: undo merges edits within 1000 ms and keeps at most 100
  // steps. Only the person's own edits are recorded, so undo never empties a bio the edit form
  // loaded.
  history: { delay: 1000, maxStack: 100, userOnly: true },
  // docs/behaviour.md#validation: inserted image files (png, gif, jpeg, bmp, icon) are embedded
  // inline.
  uploader: { mimetypes: [...IMAGE_DATA_TYPES] },
};

/** The example address the editor's link box shows until one is typed. */
export const LINK_PLACEHOLDER = 'https://example.org';

const HEADER_NAMES: Record<string, string> = { '1': 'Heading 1', '2': 'Heading 2', '3': 'Heading 3' };

/**
 * Quill's pickers are spans with role="button" and no name, which screen readers announce as
 * "button" and axe reports; give every picker, and every colour swatch, a name.
 */
export function labelToolbar(toolbar: Element): void {
  const pickers: Array<[string, string]> = [
    ['.ql-header', 'Text style'],
    ['.ql-color', 'Text colour'],
    ['.ql-background', 'Background colour'],
  ];
  for (const [selector, name] of pickers) {
    const picker = toolbar.querySelector(`span.ql-picker${selector}`);
    picker?.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
    picker?.querySelectorAll('.ql-picker-item').forEach((item) => {
      const value = item.getAttribute('data-value');
      const label =
        selector === '.ql-header' ? (HEADER_NAMES[value ?? ''] ?? 'Normal text') : `${name} ${value ?? 'default'}`;
      item.setAttribute('aria-label', label);
    });
  }
  const buttons: Array<[string, string]> = [
    ['button.ql-bold', 'Bold'],
    ['button.ql-italic', 'Italic'],
    ['button.ql-underline', 'Underline'],
    ['button.ql-strike', 'Strikethrough'],
    ['button.ql-list[value="ordered"]', 'Numbered list'],
    ['button.ql-list[value="bullet"]', 'Bulleted list'],
    ['button.ql-indent[value="-1"]', 'Decrease indent'],
    ['button.ql-indent[value="+1"]', 'Increase indent'],
    ['button.ql-link', 'Link'],
    ['button.ql-image', 'Image'],
    ['button.ql-clean', 'Clear formatting'],
  ];
  for (const [selector, name] of buttons) toolbar.querySelector(selector)?.setAttribute('aria-label', name);
  // The hidden file input Quill adds for images still needs a name for axe.
  toolbar.querySelector('input[type="file"]')?.setAttribute('aria-label', 'Image file');
}
