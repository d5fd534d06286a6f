/**
 * A fixed pseudo-random sequence (mulberry32: 32-bit integer arithmetic only, so the sequence
 * does not degrade), so every run of a benchmark seeds the same data, and text made from it.
 */
export function seeded(seed: number, words: readonly string[]) {
  let state = seed;
  function random(): number {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  /** One to `max` different items of `list`. */
  const some = <T>(list: readonly T[], max: number): T[] => [
    ...new Set(Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(list))),
  ];
  function sentence(length: number): string {
    const text = Array.from({ length }, () => pick(words)).join(' ');
    return text[0]!.toUpperCase() + text.slice(1) + '.';
  }
  /** A bio as the editor writes it: formatted paragraphs, about `target` characters of text. */
  function paragraphs(target: number): string {
    const parts: string[] = [];
    let length = 0;
    while (length < target) {
      const text = sentence(8 + Math.floor(random() * 10));
      length += text.length;
      parts.push(random() < 0.3 ? `<p><strong>${text}</strong></p>` : `<p>${text} <em>${pick(words)}</em></p>`);
    }
    return parts.join('');
  }
  return { random, pick, some, sentence, paragraphs };
}

/** The words of the benchmarks' act bios. */
export const SONG_WORDS = (
  'we play songs about porches summer rain old friends new roads banjo fiddle guitar drums bass ' +
  'harmony rhythm swing groove folk tunes dance along kids welcome neighbours all ages loud soft ' +
  'originals covers classics ballads stomp clap sing chorus evening sunshine street corner'
).split(' ');
