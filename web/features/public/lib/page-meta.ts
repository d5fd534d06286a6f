import { useEffect } from 'react';
import type { PageText } from '../../../../contract/page-previews';

export type PageMeta = PageText;

type MetaKey = ['name' | 'property', string];
const DESCRIPTION: MetaKey = ['name', 'description'];
const OG_TITLE: MetaKey = ['property', 'og:title'];
const OG_DESCRIPTION: MetaKey = ['property', 'og:description'];

function metaTag([attribute, value]: MetaKey): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${value}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, value);
    document.head.append(tag);
  }
  return tag;
}

function setTags(ogTitle: string, description: string): void {
  metaTag(DESCRIPTION).content = description;
  metaTag(OG_TITLE).content = ogTitle;
  metaTag(OG_DESCRIPTION).content = description;
}

/**
 * Sets the document title, the meta description and their Open Graph twins for this page, for
 * search engines and link previews that run the page's script (the server writes the same text
 * into the HTML it serves, server/web/link-preview.ts). When the page goes, the description goes
 * back to the site's own (`site`), so the next screen never shows this page's, whichever page
 * the HTML was served for; the next screen sets its own title.
 */
export function usePageMeta(meta: PageMeta | undefined, site: PageMeta | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  const siteTitle = site?.title;
  const siteDescription = site?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    setTags(title, description);
    return () => {
      if (siteTitle !== undefined && siteDescription !== undefined) setTags(siteTitle, siteDescription);
    };
  }, [title, description, siteTitle, siteDescription]);
}
