import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FestivalConfig } from '../../contract/festival.js';

/**
 * The single-page app's index.html, with what a landing page needs named in its <head>.
 *
 * Without help, a phone opening `/` fetches index.html, then the app's script, runs it, and only
 * then learns that the home screen's code (a lazy chunk) and its first carousel picture are
 * wanted: two more round trips before anything is painted, on the slowest networks the most.
 * The build's manifest (vite.config.ts, `build.manifest`) names each screen's chunk, the chunks
 * it imports and its CSS; for the landing pages below, the server writes those into the page as
 * `modulepreload`, stylesheet and image-preload links, so they download alongside the app's
 * script. Other paths get index.html as it is: their code still loads when it is used.
 *
 * Built once at start (the festival configuration and the build do not change while the server
 * runs). A build without a manifest, or a screen the manifest no longer names, simply gets no
 * hints: a missing hint is slower, never broken.
 */
export interface PageShells {
  /**
   * The HTML for a client route (a path without its query), with `head` (the page's title and
   * link-preview tags, server/web/link-preview.ts) in place of index.html's own.
   */
  forPath(path: string, head: string): string;
}

/** index.html's title, description and preview tags: each page gets its own instead. */
const PREVIEW_TAGS =
  /\s*(<title>[\s\S]*?<\/title>|<meta\s+(name|property)="(description|og:[^"]*|twitter:[^"]*)"[\s\S]*?>|<!--\s*Link previews[\s\S]*?-->)/g;

/** The page with `head` written where the head ends (or at the top, for a page without a head). */
function withHead(html: string, head: string): string {
  if (/<\/head>/.test(html)) return html.replace(/\s*<\/head>/, () => `\n    ${head}\n  </head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${head}`);
}

/** Landing pages and the source module of their screen, relative to web/ (the Vite root). */
const LANDING_SCREENS = (festival: FestivalConfig): Record<string, string> => ({
  '/': 'features/public/routes/home.tsx',
  [`/${festival.slug}`]: 'features/public/routes/event.tsx',
});

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export function loadPageShells(webRoot: string, festival: FestivalConfig): PageShells {
  const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8').replace(PREVIEW_TAGS, '');
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  const manifest = readManifest(manifestPath);

  const hintsByPath = new Map<string, string>();
  if (manifest) {
    for (const [path, screen] of Object.entries(LANDING_SCREENS(festival))) {
      const hints = landingHints(manifest, screen);
      if (path === '/' && festival.carousel[0]) {
        // The first slide is the largest thing painted on the home page (Lighthouse's LCP element).
        hints.push(`<link rel="preload" as="image" href="${attr(festival.carousel[0].src)}" fetchpriority="high">`);
      }
      if (hints.length > 0) hintsByPath.set(path, hints.join('\n    '));
    }
  }
  return {
    forPath: (path, head) => {
      const hints = hintsByPath.get(path);
      return withHead(indexHtml, hints ? `${head}\n    ${hints}` : head);
    },
  };
}

/** The screen's chunk, every chunk it statically imports, and their CSS, less what the entry already loads. */
function landingHints(manifest: Manifest, screen: string): string[] {
  if (!manifest[screen]) return [];
  const closure = (keys: string[], files = new Set<string>(), styles = new Set<string>()) => {
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return { files, styles };
  };
  // index.html loads the entry and, through Vite's own modulepreload links, all it imports.
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const wanted = closure([screen]);
  const styles = [...wanted.styles].filter((f) => !entry.styles.has(f));
  const scripts = [...wanted.files].filter((f) => !entry.files.has(f) && !f.endsWith('.css'));
  return [
    ...styles.map((f) => `<link rel="stylesheet" crossorigin href="/${attr(f)}">`),
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
  ];
}

/** The build's manifest, or none when it is missing or unreadable (the pages then get no hints). */
function readManifest(path: string): Manifest | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
