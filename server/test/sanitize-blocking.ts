import type { ActInput } from '../../contract/acts.js';
import type { UpdateVenueInput } from '../../contract/venues.js';
import { actValues } from '../features/acts/values.js';
import { venueValues } from '../features/venues/values.js';
import { badRequest } from '../lib/errors.js';
import { RichTextError, sanitizeRichText, type SanitizedRichText } from '../lib/rich-text.js';

/**
 * Rich text sanitized on the calling thread, for builders and benches that write rows directly.
 * It blocks the event loop for as long as the text takes, so no request path uses it: routes
 * sanitize through the worker pool (server/lib/rich-text-pool.ts, decision 0019). A problem is the
 * same 400 naming the field.
 */
export function sanitizeRichTextFieldBlocking(field: string, input: string): SanitizedRichText {
  try {
    return sanitizeRichText(input);
  } catch (err) {
    if (err instanceof RichTextError) throw badRequest(err.message, field);
    throw err;
  }
}

/** An act's stored columns with its bio sanitized on the calling thread (see above). */
export const actValuesBlocking = (input: ActInput) => actValues(input, sanitizeRichTextFieldBlocking('bio', input.bio));

/** A venue's stored columns with its bio sanitized on the calling thread (see above). */
export const venueValuesBlocking = (directions: Parameters<typeof venueValues>[0], input: UpdateVenueInput) =>
  venueValues(directions, input, sanitizeRichTextFieldBlocking('bio', input.bio));
