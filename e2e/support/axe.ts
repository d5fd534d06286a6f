import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 levels A and AA: the level the project promises (STYLE.md, the web brief). */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is now and fails with every violation spelled out (rule id,
 * what it asks for, and the offending elements), so the failure says what to fix.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
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
