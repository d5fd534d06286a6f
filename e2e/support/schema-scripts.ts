import type { Page } from 'playwright-core';

/**
 * Watches the scripts with zod's code in them (whatever their chunk is called) that `page` loads:
 * the returned function resolves with those loaded since its last call. A visitor's public pages
 * load none (docs/decisions/0044-no-schemas-on-public-pages.md).
 */
export function watchSchemaScripts(page: Page): () => Promise<string[]> {
  let found: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading.push(
      response.text().then(
        (body) => void (body.includes('ZodError') && found.push(new URL(response.url()).pathname)),
        () => undefined,
      ),
    );
  });
  return async () => {
    await Promise.all(reading);
    const since = found;
    found = [];
    return since;
  };
}
