import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { RICH_TEXT_LIMIT_ALERT, RICH_TEXT_MAX_CHARS } from '../../../contract/rich-text';
import { RichTextEditor } from './rich-text-editor';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <div id="bio-label">Description</div>
      <RichTextEditor id="bio" value={value} onChange={setValue} labelledBy="bio-label" />
    </>
  );
}

// Quill loads lazily, and under jsdom the first load takes a few seconds.
const editor = () => screen.findByRole('textbox', { name: 'Description' }, { timeout: 15_000 });

describe('the rich-text editor (spec 5)', () => {
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

describe('links in the editor (spec 5)', () => {
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

describe('images in the editor (spec 5)', () => {
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
