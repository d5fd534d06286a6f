import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FestivalConfig } from '../../contract/festival.js';
import type { FirstView } from './first-view.js';

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
   * The HTML for a client route (`path` without its query), with `head` (the page's title and
   * link-preview tags, server/web/link-preview.ts) in place of index.html's own, and the page's
   * first view drawn by the server (server/web/first-view.ts) in its root when there is one.
   */
  forPath(path: string, head: string, firstView?: FirstView): string;
}

/** index.html's title, description and preview tags: each page gets its own instead. */
const PREVIEW_TAGS =
  /\s*(<title>[\s\S]*?<\/title>|<meta\s+(name|property)="(description|og:[^"]*|twitter:[^"]*)"[\s\S]*?>|<!--\s*Link previews[\s\S]*?-->)/g;

/** The page with `head` written where the head ends (or at the top, for a page without a head). */
function withHead(html: string, head: string): string {
  if (/<\/head>/.test(html)) return html.replace(/\s*<\/head>/, () => `\n    ${head}\n  </head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${head}`);
}

/**
 * Landing pages the browser draws and the source module of their screen, relative to web/ (the
 * Vite root): the home and event pages (decision 0011). Without these hints a phone loads the app's
 * script, runs it, and only then learns of the screen's chunk: one more round trip. A page the
 * server draws names its own screen (server/web/first-view.ts, decision 0048).
 */
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

  // Each screen's code, worked out on first use.
  const screens = new Map<string, ScreenCode>();
  const codeFor = (screen: string): ScreenCode => {
    if (!manifest) return NO_CODE;
    let code = screens.get(screen);
    if (!code) screens.set(screen, (code = screenCode(manifest, screen)));
    return code;
  };
  // The first slide is the largest thing painted on the home page (Lighthouse's LCP element).
  const firstSlide = festival.carousel[0]
    ? `<link rel="preload" as="image" href="${attr(festival.carousel[0].src)}" fetchpriority="high">`
    : undefined;
  // The app's entry and the modules Vite preloads for it, as index.html names them.
  const appScripts = [...indexHtml.matchAll(SCRIPT_TAGS)].map((match) => match[3]!);
  const starter = manifest?.['start-app.ts']?.file;
  const landings = LANDING_SCREENS(festival);

  return {
    forPath: (path, head, firstView) => {
      const screen = firstView?.screen ?? landings[path];
      const code = screen ? codeFor(screen) : NO_CODE;
      const styles = code.styles.map((f) => `<link rel="stylesheet" crossorigin href="/${attr(f)}">`);
      if (firstView && starter) {
        // The page shows without the app, which the server drew it for: a phone on a slow network
        // spends its first bytes on the page and its style sheets, and web/start-app.ts fetches the
        // app's code and reads once the page is painted. The app then takes over what the server
        // drew (web/main.tsx reads the mark). The reads go as the app's API client sends them
        // (CORS mode, no cookies), so its requests take these answers instead of asking again.
        const plan = {
          entry: appScripts[0],
          modules: [...appScripts.slice(1), ...code.scripts.map((f) => `/${f}`)],
          reads: firstView.reads,
        };
        const start = [
          `<script type="application/json" id="app-start">${json(plan)}</script>`,
          `<script type="module" crossorigin src="/${attr(starter)}"></script>`,
        ];
        return withHead(indexHtml.replace(SCRIPT_LINES, ''), [head, ...styles, ...start].join('\n    '))
          .replace(
            ROOT,
            () =>
              `<div id="root" data-first-view="server" data-drawn-at="${firstView.drawnAt}">${firstView.html}</div>`,
          )
          .replace(NOSCRIPT, `<noscript>${DRAWN_NOSCRIPT}</noscript>`);
      }
      const hints = [
        ...styles,
        ...code.scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
        ...(path === '/' && firstSlide ? [firstSlide] : []),
      ];
      return withHead(indexHtml, [head, ...hints].join('\n    '));
    },
  };
}

/** The app's script and the modules it preloads, as Vite writes them into index.html. */
const SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload") crossorigin (src|href)="([^"]*)">(<\/script>)?/g;
/** The same, each with its line. */
const SCRIPT_LINES = new RegExp(`\\s*${SCRIPT_TAGS.source}`, 'g');

/** index.html's word to a browser without JavaScript, and what a drawn page says instead. */
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
const DRAWN_NOSCRIPT = 'This page can be read without JavaScript; favourites, filters and forms need it.';

/** index.html's empty root element, where the app draws. */
const ROOT = /<div id="root"><\/div>/;

/** JSON for inside a <script> element: no `<` that could close it. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What a screen needs beyond the entry: its style sheets and its modules (paths in the build). */
interface ScreenCode {
  styles: string[];
  scripts: string[];
}
const NO_CODE: ScreenCode = { styles: [], scripts: [] };

/** The screen's chunk, every chunk it statically imports, and their CSS, less what the entry already loads. */
function screenCode(manifest: Manifest, screen: string): ScreenCode {
  if (!manifest[screen]) return NO_CODE;
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
  return {
    styles: [...wanted.styles].filter((f) => !entry.styles.has(f)),
    scripts: [...wanted.files].filter((f) => !entry.files.has(f) && !f.endsWith('.css')),
  };
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
