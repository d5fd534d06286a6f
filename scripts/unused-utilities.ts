import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AtRule, Plugin, Rule } from 'postcss';

/**
 * Bootstrap's utility classes (`.mb-3`, `.d-md-none`, `.text-body-secondary`: rules whose every
 * declaration is `!important`) are 1,360 of the 2,559 rules of bootstrap.css, and the app uses
 * about a hundred of them. A phone pays for every rule of a page's style sheets when it builds its
 * style index on the page's first style recalculation, before anything shows: at festival scale
 * that was a third of `/schedule`'s blocking time (docs/decisions/0043-unused-utilities.md).
 *
 * This PostCSS plugin drops a utility rule's selectors that name a class found nowhere in the
 * sources (as a whole word: `mb-3` in `className="mb-3 d-flex"`), and the rule when none is left.
 * Component rules (`.btn-primary`, `.modal-dialog`, built by react-bootstrap from a prefix and a
 * variant) are left alone, so a class put together at run time cannot lose its style; a utility
 * must be written out whole in the sources, which is how the app writes them.
 */
export function unusedUtilities(words: ReadonlySet<string>): Plugin {
  return {
    postcssPlugin: 'porchfest-unused-utilities',
    Once(root) {
      root.walkRules((rule) => {
        if (!isUtility(rule)) return;
        const kept = rule.selectors.filter((selector) => classesOf(selector).every((name) => words.has(name)));
        if (kept.length === rule.selectors.length) return;
        if (kept.length === 0) rule.remove();
        else rule.selectors = kept;
      });
      // A media query whose utilities all went is left empty.
      root.walkAtRules((atRule: AtRule) => {
        if (atRule.nodes !== undefined && atRule.nodes.length === 0) atRule.remove();
      });
    },
  };
}

function isUtility(rule: Rule): boolean {
  let declarations = 0;
  let important = 0;
  rule.each((node) => {
    if (node.type !== 'decl') return;
    declarations++;
    if (node.important) important++;
  });
  return declarations > 0 && important === declarations;
}

/** The class names a selector needs (`.d-md-none:not(:focus) > p` needs `d-md-none`). */
function classesOf(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

/** Every word (letters, digits, `-` and `_`) in the files under `roots` whose names end in one of `extensions`. */
export function wordsIn(roots: string[], extensions: string[]): Set<string> {
  const words = new Set<string>();
  for (const root of roots) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !extensions.some((ext) => entry.name.endsWith(ext))) continue;
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      for (const [word] of text.matchAll(/[\w-]+/g)) words.add(word);
    }
  }
  return words;
}
