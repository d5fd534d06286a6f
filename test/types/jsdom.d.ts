/**
 * The part of jsdom (a devDependency without bundled types) that the Node-side tests use to
 * parse served HTML as a browser's parser does. The Node tests compile without the DOM library,
 * so its shapes are written here; replace this file with @types/jsdom if that is ever added.
 */
declare module 'jsdom' {
  interface ParsedAttribute {
    readonly name: string;
    readonly value: string;
  }
  interface ParsedElement {
    readonly tagName: string;
    readonly attributes: Iterable<ParsedAttribute>;
    readonly textContent: string | null;
    readonly innerHTML: string;
    getAttribute(name: string): string | null;
    hasChildNodes(): boolean;
    cloneNode(deep: boolean): ParsedElement;
    replaceChildren(): void;
    removeAttribute(name: string): void;
    querySelectorAll(selectors: string): Iterable<ParsedElement> & { readonly length: number };
  }
  interface ParsedDocument {
    readonly title: string;
    readonly body: ParsedElement;
    querySelector(selectors: string): ParsedElement | null;
    querySelectorAll(selectors: string): Iterable<ParsedElement> & { readonly length: number };
    getElementById(id: string): ParsedElement | null;
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: { readonly document: ParsedDocument };
  }
}
