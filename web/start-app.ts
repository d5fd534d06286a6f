/**
 * Starts the app on a page the server drew (docs/decisions/0048), once that page has been
 * painted: a phone on a slow network spends its first bytes on what it can show (the page and
 * its style sheet) and fetches the app's code, and the reads the app takes the page over with,
 * right after. The server lists them in #app-start (server/web/page-shells.ts); a plain module
 * with no imports, so it costs one small request.
 */
import type { StartPlan } from '../contract/first-view';

// The tags go into the head together, in one change of the document.
const tags = document.createDocumentFragment();

function add(tag: string, attributes: Record<string, string>): void {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  tags.append(element);
}

function start(): void {
  const plan = JSON.parse(document.getElementById('app-start')?.textContent ?? 'null') as StartPlan | null;
  if (!plan) return;
  for (const { path } of plan.reads) {
    // The festival is asked for by the page itself (index.html).
    if (document.querySelector(`link[rel="preload"][href="${CSS.escape(path)}"]`)) continue;
    add('link', { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: path });
  }
  for (const module of plan.modules) add('link', { rel: 'modulepreload', crossorigin: '', href: module });
  add('script', { type: 'module', crossorigin: '', src: plan.entry });
  document.head.append(tags);
}

// A frame callback runs just before the next paint; the task it queues runs just after it.
requestAnimationFrame(() => setTimeout(start, 0));
