import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 levels A and AA: the level the project promises (STYLE.md, the web brief). */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is now and fails with every violation spelled out (rule id,
 * what it asks for, and the offending elements), so the failure says what to fix.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS).analyze();
  if (results.violations.length === 0) return;
  const report = results.violations
    .map((v) => {
      const targets = v.nodes
        .map((n) => {
          // The first line of axe's summary names the measured fact (e.g. the contrast ratio).
          const why = n.failureSummary?.split('\n').slice(1, 2).join('').trim();
          return `    - ${n.target.join(' ')}${why ? `: ${why}` : ''}`;
        })
        .join('\n');
      return `  ${v.id} (${v.impact ?? 'unknown impact'}): ${v.help}\n    ${v.helpUrl}\n${targets}`;
    })
    .join('\n');
  const message = `axe found ${results.violations.length} WCAG 2.1 A/AA violation(s) on ${page.url()}:\n${report}`;
  console.error(message);
  throw new Error(message);
}

/**
 * Waits until no CSS transition or animation is running. A Bootstrap dialog fades in over
 * 150-300 ms; axe measuring contrast half-way through sees blended colours (a white label
 * on a half-transparent blue measured 4.22:1 in CI) that no one reads, and fails at random.
 * The steady state, which a person sees, is what must pass.
 */
async function settleAnimations(page: Page): Promise<void> {
  // A function, not a string: Playwright evaluates a string with eval(), which the app's CSP forbids.
  await page.waitForFunction(
    () => {
      // The parts of the DOM used here (this project's Node tsconfig has no DOM types).
      const { document } = globalThis as unknown as {
        document: {
          querySelector(selector: string): unknown;
          getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
        };
      };
      // A dialog or backdrop that has mounted but not yet been given `show` is about to fade in;
      // a spinner's endless animation never settles and changes no colour.
      return (
        document.querySelector('.fade:not(.show)') === null &&
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)
      );
    },
    undefined,
    { timeout: 5_000 },
  );
}
