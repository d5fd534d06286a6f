import { z } from './zod.js';

/** Spec 5's generic message for a required field. */
export const REQUIRED = 'This field is required';

/** A required single-line text: missing, non-string or blank all read as "required". */
export function requiredText(max: number, message = REQUIRED) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z.string().trim().min(1, message).max(max, `Must be at most ${max} characters`),
  );
}

/** A boolean that must be given (radio buttons): a missing value reads as "required". */
export const requiredBoolean = z.boolean({ error: REQUIRED });

/** A positive integer id in a path or query string. */
export const IdSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(2_147_483_647, 'Too large');
export const IdParamsSchema = z.object({ id: IdSchema });

/** Query-string booleans are the words true and false. */
export const QueryBoolean = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .transform((v) => v === 'true');
