import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

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

const content = (key: MetaKey) =>
  document.head.querySelector<HTMLMetaElement>(`meta[${key[0]}="${key[1]}"]`)?.content ?? '';

function setTags(ogTitle: string, description: string): void {
  metaTag(DESCRIPTION).content = description;
  metaTag(OG_TITLE).content = ogTitle;
  metaTag(OG_DESCRIPTION).content = description;
}

/**
 * Sets the document title, the meta description and their Open Graph twins for this page, for
 * search engines and link previews that run the page's script. When the page goes, the
 * description goes back to index.html's, so the next screen never shows this page's; the next
 * screen sets its own title.
 */
export function usePageMeta(meta: PageMeta | undefined): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    // Read when the tags are still index.html's: only these pages change them, and each puts them back.
    const defaults = { ogTitle: content(OG_TITLE), description: content(DESCRIPTION) };
    document.title = title;
    setTags(title, description);
    return () => setTags(defaults.ogTitle, defaults.description);
  }, [title, description]);
}
