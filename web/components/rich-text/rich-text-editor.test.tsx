import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { RICH_TEXT_LIMIT_ALERT, RICH_TEXT_MAX_CHARS } from '../../../contract/rich-text';
import { RichTextEditor } from './rich-text-editor';
import { richTextLength } from './rich-text-limit';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {/* What the form would save. */}
      <output data-testid="value">{value}</output>
      <div id="bio-label">Description</div>
      <RichTextEditor id="bio" value={value} onChange={setValue} labelledBy="bio-label" />
    </>
  );
}

// jsdom lays nothing out, so Range has no boxes; Quill asks for them to scroll a paste into view.
// An element's list of boxes is jsdom's own (empty) DOMRectList.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => document.createElement('span').getClientRects();

// Quill loads lazily, and under jsdom the first load takes a few seconds.
const editor = () => screen.findByRole('textbox', { name: 'Description' }, { timeout: 15_000 });

/** Renders the editor holding `initial`, clicks into it and pastes `text`; returns the editor. */
async function pasteInto(initial: string, text: string): Promise<HTMLElement> {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  const box = await editor();
  await user.click(box);
  await user.paste(text);
  return box;
}

describe('the rich-text editor', () => {
  test('at the 1500-character limit any key but Backspace shows the alert, and typing adds nothing', async () => {
    render(<Harness initial={`<p>${'a'.repeat(RICH_TEXT_MAX_CHARS)}</p>`} />);
    const box = await editor();

    expect(fireEvent.keyDown(box, { key: 'Backspace' })).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // The key is stopped before Quill sees it: no character is added past the limit.
    expect(fireEvent.keyDown(box, { key: 'b' })).toBe(false);
    expect(await screen.findByRole('alert')).toHaveTextContent(RICH_TEXT_LIMIT_ALERT);
  }, 30_000);

  test('below the limit keys show no alert', async () => {
    render(<Harness initial={`<p>${'a'.repeat(RICH_TEXT_MAX_CHARS - 1)}</p>`} />);
    const box = await editor();
    expect(fireEvent.keyDown(box, { key: 'b' })).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 30_000);

  test('a paste past the limit meets the same alert, and is cut at the limit rather than saved over it', async () => {
    const box = await pasteInto('<p>Hello</p>', 'p'.repeat(RICH_TEXT_MAX_CHARS + 200));

    expect(await screen.findByRole('alert')).toHaveTextContent(RICH_TEXT_LIMIT_ALERT);
    await waitFor(() =>
      expect(richTextLength(screen.getByTestId('value').textContent ?? '')).toBe(RICH_TEXT_MAX_CHARS),
    );
    // What was there before the paste is kept whole; the paste is what gets cut.
    expect(box).toHaveTextContent(/Hello/);
  }, 30_000);

  test('a paste within the limit is kept whole, with no alert', async () => {
    const box = await pasteInto('', 'q'.repeat(200));
    await waitFor(() => expect(box).toHaveTextContent('q'.repeat(200)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 30_000);

  test("the link box offers an example of our own, not Quill's", async () => {
    render(<Harness initial="" />);
    await editor();
    const linkBox = document.querySelector<HTMLInputElement>('.ql-tooltip input[type="text"]');
    expect(linkBox).not.toBeNull();
    expect(linkBox!.getAttribute('data-link')).toBe('https://example.org');
    expect(linkBox!.outerHTML).not.toContain('quilljs.com');
  }, 30_000);

  test('headings 1-3 are kept; an h4-h6 from pasted or stored HTML becomes a paragraph, as the server would store it', async () => {
    render(<Harness initial="<h2>Two</h2><h4>Four</h4><h6>Six</h6>" />);
    const box = await editor();
    expect(box.querySelector('h2')).toHaveTextContent('Two');
    expect(box.querySelector('h4, h5, h6')).toBeNull();
    expect([...box.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Four', 'Six']);
  }, 30_000);

  test('the toolbar offers the spec formats, each with a name, and no video or formula', async () => {
    render(<Harness initial="" />);
    await editor();
    for (const name of [
      'Text style',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Text colour',
      'Background colour',
      'Numbered list',
      'Bulleted list',
      'Decrease indent',
      'Increase indent',
      'Link',
      'Image',
      'Clear formatting',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(document.querySelector('.ql-video, .ql-formula')).toBeNull();
    // Quill's palette: 35 colours for text and 35 for background.
    expect(document.querySelectorAll('.ql-color .ql-picker-item')).toHaveLength(35);
    expect(document.querySelectorAll('.ql-background .ql-picker-item')).toHaveLength(35);
    expect(
      [...document.querySelectorAll('.ql-header .ql-picker-item')].map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Heading 1', 'Heading 2', 'Heading 3', 'Normal text']);
  }, 30_000);
});

describe('links in the editor', () => {
  test('only http, https, mailto and tel survive; anything else becomes blank', async () => {
    const { default: Quill } = await import('quill');
    await import('./quill-config');
    const Link = Quill.import('formats/link') as { sanitize(url: string): string };
    expect(Link.sanitize('https://example.org/band')).toBe('https://example.org/band');
    expect(Link.sanitize('mailto:band@example.org')).toBe('mailto:band@example.org');
    expect(Link.sanitize('tel:+15550100')).toBe('tel:+15550100');
    expect(Link.sanitize('sms:+15550100')).toBe('about:blank');
    expect(Link.sanitize('javascript:alert(1)')).toBe('about:blank');
  });
});

describe('images in the editor', () => {
  test('http, https and raster data images survive; an SVG or HTML data address becomes a dead one', async () => {
    const { default: Quill } = await import('quill');
    await import('./quill-config');
    const Image = Quill.import('formats/image') as { sanitize(url: string): string };
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(Image.sanitize('https://example.org/band.png')).toBe('https://example.org/band.png');
    expect(Image.sanitize(png)).toBe(png);
    expect(Image.sanitize('/v1/media/' + 'a'.repeat(64))).toBe('/v1/media/' + 'a'.repeat(64));
    expect(Image.sanitize('DATA:image/svg+xml,<svg onload=alert(1)>')).toBe('//:0');
    expect(Image.sanitize(' data:text/html;base64,PHNjcmlwdD4=')).toBe('//:0');
    expect(Image.sanitize('javascript:alert(1)')).toBe('//:0');
  });
});
