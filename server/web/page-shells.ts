import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FestivalConfig } from '../../contract/festival.js';
import { StartPlanSchema, type StartPlan } from '../../contract/first-view.js';
import type { FirstView } from './first-view.js';

/**
 * The single-page app's index.html, with what a landing page needs named in its <head>.
 *
 * Without help, a phone opening `/` fetches index.html, then the app's script, runs it, and only
 * then learns that the home screen's code (a lazy chunk) and its first carousel picture are
 * wanted: two more round trips before anything is painted, on the slowest networks the most.
 * The build's manifest (vite.config.ts, `build.manifest`) names each screen's chunk, the chunks
 * it imports and its CSS; for every page the web app's route table names a screen for
 * (web/app/router.tsx), the server writes those into the page as `modulepreload`, stylesheet and
 * image-preload links, so they download alongside the app's script.
 *
 * Built once at start (the festival configuration and the build do not change while the server
 * runs). A build without a manifest, or a screen the manifest no longer names, simply gets no
 * hints: a missing hint is slower, never broken.
 */
export interface PageShells {
  /**
   * The HTML for a client route (`path` without its query), with `head` (the page's title and
   * link-preview tags, server/web/link-preview.ts) in place of index.html's own, its screen's code
   * and style named up front (`screen`, from the web app's route table), and the page's first view
   * drawn by the server (server/web/first-view.ts) in its root when there is one.
   */
  forPath(path: string, head: string, screen?: string, firstView?: FirstView): string;
}

/**
 * Placeholders web/index.html carries (kept by Vite's build): the head's default title and
 * previews, which each page replaces with its own, and the root with the word to a browser
 * without JavaScript, which a drawn page replaces with its drawing.
 */
const HEAD = { start: '<!-- app-head -->', end: '<!-- /app-head -->' };
const BODY = { start: '<!-- app-html -->', end: '<!-- /app-html -->' };

/** `html` with the part between `marks` (the marks included) given by `by`. */
function replaceBetween(html: string, marks: { start: string; end: string }, by: string): string {
  const from = html.indexOf(marks.start);
  const to = html.indexOf(marks.end, from);
  if (from < 0 || to < 0) throw new Error(`index.html has no ${marks.start} … ${marks.end}: rebuild the web app`);
  return html.slice(0, from) + by + html.slice(to + marks.end.length);
}

/** The page with `tags` written where the head ends. */
const withTags = (html: string, tags: string) => html.replace('</head>', () => `  ${tags}\n  </head>`);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export function loadPageShells(webRoot: string, festival: FestivalConfig): PageShells {
  const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8');
  // Fails at start, not on a page: a build whose index.html lost a placeholder cannot be served.
  replaceBetween(replaceBetween(indexHtml, HEAD, ''), BODY, '');
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
  // The app's entry and the modules it imports, as the build's manifest names them, and their tags
  // as Vite writes them into index.html: a drawn page loads them after it is painted instead.
  const appScripts = manifest?.['index.html'] ? staticImports(manifest, 'index.html') : [];
  const appScriptTags = appScripts.map((file, i) =>
    i === 0
      ? `<script type="module" crossorigin src="/${file}"></script>`
      : `<link rel="modulepreload" crossorigin href="/${file}">`,
  );
  const starter = manifest?.['start-app.ts']?.file;
  const lazyStart = appScriptTags.every((tag) => indexHtml.includes(tag));
  // A build whose index.html writes the app's tags otherwise: stop at start, not draw pages that
  // would run the app twice.
  if (starter && !lazyStart)
    throw new Error("index.html does not name the app's code as its manifest does: rebuild the web app");

  return {
    forPath: (path, head, screen, firstView) => {
      const code = screen ? codeFor(screen) : NO_CODE;
      const styles = code.styles.map((f) => `<link rel="stylesheet" crossorigin href="/${attr(f)}">`);
      const page = replaceBetween(indexHtml, HEAD, head);
      if (firstView && starter && lazyStart) {
        // The page shows without the app, which the server drew it for: a phone on a slow network
        // spends its first bytes on the page and its style sheets, and web/start-app.ts fetches the
        // app's code and reads once the page is painted. The app then takes over what the server
        // drew (web/main.tsx reads the mark). The reads go as the app's API client sends them
        // (CORS mode, no cookies), so its requests take these answers instead of asking again.
        const plan: StartPlan = {
          entry: `/${appScripts[0]!}`,
          modules: [...appScripts.slice(1), ...code.scripts].map((f) => `/${f}`),
          reads: firstView.reads,
          ...(firstView.fetches ? { fetches: firstView.fetches } : {}),
        };
        const start = [
          `<script type="application/json" id="app-start">${json(StartPlanSchema.parse(plan))}</script>`,
          `<script type="module" crossorigin src="/${attr(starter)}"></script>`,
        ];
        const root =
          `<div id="root" data-first-view="server" data-drawn-at="${firstView.drawnAt}">${firstView.html}</div>\n` +
          `    <noscript>${DRAWN_NOSCRIPT}</noscript>`;
        const drawn = appScriptTags.reduce((html, tag) => html.replace(tag, ''), replaceBetween(page, BODY, root));
        return withTags(drawn, [...styles, ...start].join('\n    '));
      }
      const hints = [
        ...styles,
        ...code.scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
        ...(path === '/' && firstSlide ? [firstSlide] : []),
      ];
      return withTags(page, hints.join('\n    '));
    },
  };
}

/** What a drawn page says to a browser without JavaScript. */
const DRAWN_NOSCRIPT = 'This page can be read without JavaScript; favourites, filters and forms need it.';

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

/** A chunk's file and every chunk it imports statically, each once, the chunk first. */
function staticImports(manifest: Manifest, key: string, files: string[] = []): string[] {
  const chunk = manifest[key];
  if (!chunk || files.includes(chunk.file)) return files;
  files.push(chunk.file);
  for (const imported of chunk.imports ?? []) staticImports(manifest, imported, files);
  return files;
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
