import { z } from './zod.js';
import { requiredText } from './forms.js';
import { asCleanText } from './text.js';
import { HIDDEN_REASON_MAX } from './moderation-texts.js';

export { HIDDEN_REASON_MAX, ModerationTexts } from './moderation-texts.js';

/**
 * Moderation (docs/behaviour.md#moderation, docs/decisions/0037-moderation.md): the committee
 * hides an act or a venue with a reason its owner is shown, and unhides it.
 */

export const ModerationMessages = {
  reasonRequired: 'A reason is required: the owner is shown it',
  actNotFound: 'Act not found',
  venueNotFound: 'Venue not found',
} as const;

/** A reason: one line of visible text, the plain-text hygiene of every name (contract/text.ts). */
export const HiddenReasonSchema = requiredText(HIDDEN_REASON_MAX, ModerationMessages.reasonRequired);

/**
 * On an act or a venue, only while it is hidden. Only its owner and admins are ever shown a
 * hidden item, so no one else sees this field.
 */
export const HiddenSchema = z.object({
  hidden_at: z.string(),
  reason: z.string(),
});
export type Hidden = z.infer<typeof HiddenSchema>;

/**
 * PUT /v1/admin/acts/{id}/hidden and PUT /v1/admin/venues/{id}/hidden: hide (`hidden: true`, with
 * a reason) or unhide (`hidden: false`; a reason is ignored).
 */
export const SetHiddenInputSchema = z
  .object({
    hidden: z.boolean({ error: 'Must be true or false' }),
    reason: z
      .preprocess((v) => (v === undefined || v === null ? undefined : asCleanText(v)), z.string().optional())
      .describe(`Required when hiding, at most ${HIDDEN_REASON_MAX} characters: shown to the owner`),
  })
  .superRefine((value, ctx) => {
    if (!value.hidden) return;
    const reason = HiddenReasonSchema.safeParse(value.reason);
    if (!reason.success) ctx.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0]!.message });
  })
  .transform((value) =>
    value.hidden
      ? { hidden: true as const, reason: HiddenReasonSchema.parse(value.reason) }
      : { hidden: false as const, reason: null },
  );
export type SetHiddenInput = z.input<typeof SetHiddenInputSchema>;

/** The hide form on the web: the reason alone. */
export const HideFormSchema = z.object({ reason: HiddenReasonSchema });
export type HideForm = z.infer<typeof HideFormSchema>;
