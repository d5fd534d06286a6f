import { visibleText } from './text.js';
import { z } from './zod.js';

/** The generic message (docs/behaviour.md#validation) for a required field. */
export const REQUIRED = 'This field is required';

/**
 * A required single-line text: missing, non-string, blank or invisible all read as "required";
 * stored in NFC, without control or bidi-override characters (contract/text.ts).
 */
export function requiredText(max: number, message = REQUIRED) {
  return visibleText({ max, required: message });
}

/** A boolean that must be given (radio buttons): a missing value reads as "required". */
/** A form's choice of one of `schema`'s values: a missing choice reads as "required". */
export const enumField = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())
    .refine((v) => v !== undefined, REQUIRED)
    // Once refined it is never undefined, which the cast tells TypeScript.
    .transform((v) => v as z.output<T>);

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
