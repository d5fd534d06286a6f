import type { FitNote } from '../../../../contract/matching';

/**
 * The fit model's notes as one sentence, the way a person lists reasons: "Plays folk, which you
 * asked for; fits your porch size; can also play on the rain date." Each note is a sentence of
 * its own from the server, so every one after the first loses its capital.
 */
export function notesSentence(notes: readonly FitNote[]): string {
  if (notes.length === 0) return '';
  const parts = notes.map((n, i) => (i === 0 ? n.text : n.text.charAt(0).toLowerCase() + n.text.slice(1)));
  return `${parts.join('; ')}.`;
}
