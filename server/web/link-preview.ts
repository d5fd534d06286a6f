import type { FestivalConfig } from '../../contract/festival.js';
import {
  previewDescription,
  previewImage,
  siteText,
  staticPageTexts,
  type PageText,
} from '../../contract/page-previews.js';
import type { Db } from '../db/connection.js';
import { measureRichText } from '../lib/rich-text.js';

/**
 * What the HTML of a client route says about the page to link previews (chat apps, social
 * sites, search engines), which read the served HTML and never run the app's script. See
 * docs/decisions/0022-link-previews-and-offline.md.
 */
export interface LinkPreview extends PageText {
  /** The og:title: an act's name alone; the page title otherwise. */
  name: string;
  /** Absolute; only for a page that exists (an unknown act id has no canonical address). */
  url?: string;
  image: { url: string; alt: string };
  siteName: string;
}

// The pages of one act or venue: the path names the row; `name` is the column that names it.
const ENTITY_PAGES = [
  { kind: 'act', path: /^\/acts\/(\d{1,9})$/, table: 'acts', name: 'name' },
  { kind: 'venue', path: /^\/venues\/(\d{1,9})$/, table: 'venues', name: 'address' },
] as const;

/**
 * `log` hears a lookup that failed: the page then carries the festival's own preview, for a page
 * always answers as a page (the app's shell, which the browser draws), never as the database's
 * error (docs/decisions/0051).
 */
export function linkPreviews(
  db: Db,
  festival: FestivalConfig,
  publicUrl: string,
  log: (error: unknown) => void = () => undefined,
) {
  const absolute = (path: string) => new URL(path, `${publicUrl}/`).href;
  const festivalImage = { url: absolute(previewImage(festival).src), alt: previewImage(festival).alt };
  const base = { siteName: festival.name, image: festivalImage };
  const generic: LinkPreview = { ...siteText(festival), name: siteText(festival).title, ...base };
  const pages = new Map(
    Object.entries(staticPageTexts(festival)).map(([path, text]): [string, LinkPreview] => [
      path,
      { ...text, name: text.title, url: absolute(path), ...base },
    ]),
  );

  /** A rich text's first picture, absolute; the festival's when it has none. */
  const firstPicture = (html: string, alt: string) => {
    const src = /<img\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
    if (!src) return festivalImage;
    const url = new URL(src.replace(/&amp;/g, '&'), `${publicUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { url: url.href, alt } : festivalImage;
  };

  const entity = (kind: 'act' | 'venue', id: number, name: string, bio: string): LinkPreview => ({
    name,
    title: `${name} | ${festival.name}`,
    description: previewDescription(measureRichText(bio).text) || generic.description,
    url: absolute(`/${kind}s/${id}`),
    siteName: festival.name,
    image: firstPicture(bio, kind === 'act' ? `A picture of ${name}` : `A picture of the porch at ${name}`),
  });

  return {
    /**
     * The preview for a client route's path (without its query): from the database for an act or a
     * venue; a hidden one gets the generic preview (docs/behaviour.md#moderation).
     */
    async forPath(path: string): Promise<LinkPreview> {
      const page = pages.get(path);
      if (page) return page;
      for (const { kind, path: pattern, table, name } of ENTITY_PAGES) {
        const id = pattern.exec(path)?.[1];
        if (!id) continue;
        try {
          const row = await db.kysely
            .selectFrom(table)
            .select((eb) => ['id', eb.ref(name).as('name'), 'bio'])
            .where('id', '=', Number(id))
            .where('hidden_at', 'is', null)
            .executeTakeFirst();
          return row ? entity(kind, row.id, row.name, row.bio) : generic;
        } catch (error) {
          log(error);
          return generic;
        }
      }
      return generic;
    },
  };
}

/**
 * Text for an attribute value or an element's content: nothing in it can open or close markup,
 * and a carriage return stays one (a parser turns a literal one into a line feed).
 */
const escape = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/\r/g, '&#13;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The <head> markup of a preview: title, description, canonical address, Open Graph and Twitter card. */
export function previewTags(preview: LinkPreview): string {
  const meta = (key: 'name' | 'property', id: string, content: string) =>
    `<meta ${key}="${id}" content="${escape(content)}">`;
  return [
    `<title>${escape(preview.title)}</title>`,
    meta('name', 'description', preview.description),
    ...(preview.url ? [`<link rel="canonical" href="${escape(preview.url)}">`] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', preview.siteName),
    meta('property', 'og:title', preview.name),
    meta('property', 'og:description', preview.description),
    ...(preview.url ? [meta('property', 'og:url', preview.url)] : []),
    meta('property', 'og:image', preview.image.url),
    meta('property', 'og:image:alt', preview.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.name),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', preview.image.url),
    meta('name', 'twitter:image:alt', preview.image.alt),
  ].join('\n    ');
}
