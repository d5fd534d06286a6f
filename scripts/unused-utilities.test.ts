import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { unusedUtilities } from './unused-utilities.js';

const CSS = `
.mb-3 { margin-bottom: 1rem !important; }
.mb-5 { margin-bottom: 3rem !important; }
.text-body-secondary { --bs-text-opacity: 1; color: var(--bs-secondary-color) !important; }
.btn-outline-secondary { color: var(--bs-secondary); }
.visually-hidden, .visually-hidden-focusable:not(:focus) { position: absolute !important; }
@media (min-width: 768px) { .d-md-none { display: none !important; } }
@media print { .d-print-none { display: none !important; } }
`;

async function purge(words: string[]): Promise<string> {
  return (await postcss([unusedUtilities(new Set(words))]).process(CSS, { from: undefined })).css;
}

describe('the build leaves out the utility classes no source names', () => {
  it('keeps the utilities the sources name and the component rules, and drops the rest', async () => {
    const css = await purge(['mb-3', 'd-print-none', 'visually-hidden']);
    expect(css).toContain('.mb-3');
    expect(css).toContain('.d-print-none');
    expect(css).not.toContain('.mb-5');
    expect(css).not.toContain('.d-md-none');
    // A media query left empty goes too.
    expect(css).not.toContain('min-width: 768px');
    // Not a utility (one declaration is not !important), and a class react-bootstrap puts
    // together at run time: both stay.
    expect(css).toContain('.text-body-secondary');
    expect(css).toContain('.btn-outline-secondary');
  });

  it('keeps only the selectors of a rule whose classes are all named', async () => {
    const css = await purge(['visually-hidden']);
    expect(css).toMatch(/\.visually-hidden\s*\{/);
    expect(css).not.toContain('visually-hidden-focusable');
  });
});
