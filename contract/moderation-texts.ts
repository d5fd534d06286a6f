/**
 * Moderation's texts and limits, without zod (contract/choices.ts says why): a hidden act's or
 * venue's card shows them to its owner. contract/moderation.ts has the schemas.
 */

/** The most characters of a reason: a sentence or two, as the owner's page and e-mail show it. */
export const HIDDEN_REASON_MAX = 500;

/** The texts the web app shows (the spec has none; recorded in decision 0037). */
export const ModerationTexts = {
  /** Followed by the reason, on the owner's and the admins' view of a hidden act or venue. */
  hiddenNotice: 'Hidden by the festival committee:',
  ownerExplanation:
    'Visitors no longer see it in the lists, the schedule or the map. Reply to the e-mail the committee sent you to ask about it.',
  hiddenBadge: 'Hidden',
  hide: 'Hide',
  unhide: 'Unhide',
  reasonLabel: 'Reason (shown to the owner)',
  hideSubmit: 'Hide from the public',
} as const;
