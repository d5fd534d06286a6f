import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { BioExcerpt, plainExcerpt } from './bio-excerpt';

describe("a card's bio excerpt", () => {
  test('isolates each paragraph, so Arabic beside English keeps each its own direction', () => {
    const arabic = 'نعزف موسيقى عربية تقليدية!';
    const english = 'Traditional Arabic music on oud and qanun!';
    const { container } = render(<BioExcerpt html={`<p>${arabic}</p><p>${english}</p>`} />);
    const parts = [...container.querySelectorAll('.bio-excerpt > bdi')].map((bdi) => bdi.textContent);
    expect(parts).toEqual([arabic, english]);
    // What it reads as, with the space between the paragraphs, is the same text as before.
    expect(container.querySelector('.bio-excerpt')!.textContent).toBe(`${arabic} ${english}`);
  });

  test('cuts at a word near the limit, across paragraphs, with an ellipsis', () => {
    const text = plainExcerpt(`<h2>Who we are</h2><p>${'word '.repeat(100)}</p><p>TAIL</p>`, 60);
    expect(text.startsWith('Who we are word word')).toBe(true);
    expect(text.endsWith('word…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(61);
    expect(text).not.toContain('TAIL');
  });

  test('shows nothing for a bio of pictures and empty paragraphs', () => {
    const { container } = render(<BioExcerpt html={'<p><img src="/v1/media/x"></p><p><br></p>'} />);
    expect(container.querySelector('.bio-excerpt')).toBeNull();
  });
});
