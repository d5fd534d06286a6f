import { z } from './zod.js';
import { IdSchema, REQUIRED } from './forms.js';
import { listQuerySchema, listResponseSchema } from './lists.js';
import { richTextSchema } from './rich-text-schema.js';

export const ContactMessages = {
  emailInvalid: 'A valid email address is required',
  unknownCategory: 'Choose one of the listed categories',
  sent: 'Your message has been sent to the committee.',
  tooMany: 'Too many messages from this address. Please try again later.',
} as const;

export const MessageServerMessages = {
  tooManyMessages: 'You have sent too many messages. Please try again later.',
  notOwner: 'Only the owner can read the messages about this venue or act.',
} as const;

/**
 * POST /v1/comments: a message to the owner of a venue or an act (the Comment entity,
 * docs/behaviour.md#entities).
 */
export const CommentInputSchema = z.object({
  message: richTextSchema(),
  entity_id: IdSchema,
  entity_type: z.enum(['venue', 'act'], { error: 'Must be venue or act' }),
  // Shown by the client only; the server names the entity from its own records.
  entity_name: z.string().max(300).optional(),
});
export type CommentInput = z.infer<typeof CommentInputSchema>;

export const CommentSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  entity_id: z.number().int(),
  entity_type: z.enum(['venue', 'act']),
  entity_name: z.string(),
  sender_name: z.string(),
  sender_email: z.string(),
  updated_time: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListQuerySchema = listQuerySchema(['-updated_time', 'updated_time'] as const).extend({
  entity_id: IdSchema,
  entity_type: z.enum(['venue', 'act']).optional(),
});
export const CommentListResponseSchema = listResponseSchema(CommentSchema);
export type CommentListResponse = z.infer<typeof CommentListResponseSchema>;

/** POST /v1/contact: a message to the committee (docs/behaviour.md#entities). */
export const ContactInputSchema = z.object({
  category: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().min(1, REQUIRED).max(100)),
  sender_email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    z
      .string()
      .min(1, ContactMessages.emailInvalid)
      .max(254, ContactMessages.emailInvalid)
      .email(ContactMessages.emailInvalid),
  ),
  message: richTextSchema(),
  /** A honeypot: hidden from people, so anything in it marks a robot. */
  website: z.string().max(500).optional(),
});
export type ContactInput = z.infer<typeof ContactInputSchema>;

/**
 * The contact input for one edition: the category must be one of the configured values
 * (festival.config.json contact_categories). The server validates with it; so does the form.
 */
export function contactInputSchema(categoryValues: readonly string[]) {
  return ContactInputSchema.extend({
    category: z.preprocess(
      (v) => (typeof v === 'string' ? v : ''),
      z
        .string()
        .min(1, REQUIRED)
        .refine((v) => categoryValues.includes(v), ContactMessages.unknownCategory),
    ),
  });
}
