/**
 * Starts the app on a page the server drew (docs/decisions/0048), once that page has been
 * painted: a phone on a slow network spends its first bytes on what it can show (the page and
 * its style sheet) and fetches the app's code, and the reads the app takes the page over with,
 * right after. The server lists them in #app-start (server/web/page-shells.ts); a plain module
 * with no imports, so it costs one small request.
 */
import type { StartPlan } from '../contract/first-view';

/** How many tags go into the head per task: starting each request costs a slow phone a few ms. */
const TAGS_PER_TASK = 4;

function element(tag: string, attributes: Record<string, string>): HTMLElement {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

/**
 * Puts `elements` into the head a few per task: each starts a request, and all of them in one
 * task held a phone's main thread for about 35 ms (140 ms at Lighthouse's 4x slowdown), the
 * first long task after the page was painted (docs/decisions/0059).
 */
function appendInTurns(elements: HTMLElement[]): void {
  const [now, later] = [elements.slice(0, TAGS_PER_TASK), elements.slice(TAGS_PER_TASK)];
  document.head.append(...now);
  if (later.length > 0) setTimeout(() => appendInTurns(later), 0);
}

function start(): void {
  const plan = JSON.parse(document.getElementById('app-start')?.textContent ?? 'null') as StartPlan | null;
  if (!plan) return;
  // The entry first: the module graph starts at once; then the reads, then what the entry and
  // the screen import.
  const elements: HTMLElement[] = [element('script', { type: 'module', crossorigin: '', src: plan.entry })];
  for (const path of [...plan.reads.map((read) => read.path), ...(plan.fetches ?? [])]) {
    // The festival is asked for by the page itself (index.html).
    if (document.querySelector(`link[rel="preload"][href="${CSS.escape(path)}"]`)) continue;
    elements.push(element('link', { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: path }));
  }
  for (const module of plan.modules)
    elements.push(element('link', { rel: 'modulepreload', crossorigin: '', href: module }));
  appendInTurns(elements);
}

// A frame callback runs just before the next paint; the task it queues runs just after it.
requestAnimationFrame(() => setTimeout(start, 0));
