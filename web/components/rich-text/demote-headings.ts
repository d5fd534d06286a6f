/**
 * A bio's headings (the editor offers h1 to h3) put below the heading it sits under, so the page's
 * outline holds (axe `heading-order`): the bio's levels, highest first, become `below + 1`,
 * `below + 2`, … (at most h6), and none goes more than one level deeper than the heading before
 * it. `html` is sanitized rich text, where a tag's `<` only starts a tag.
 */
export function demoteHeadings(html: string, below: number): string {
  const levels = [...new Set([...html.matchAll(/<h([1-6])\b/gi)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  if (levels.length === 0) return html;
  let previous = below;
  let open = below;
  return html.replace(/<(\/?)h([1-6])\b/gi, (_whole, close: string, level: string) => {
    if (close) return `</h${open}`;
    open = Math.min(6, below + 1 + levels.indexOf(Number(level)), previous + 1);
    previous = open;
    return `<h${open}`;
  });
}
