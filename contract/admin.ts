import { z } from './zod.js';
import { choiceList } from './choices.js';
import { SlotDefSchema } from './enums.js';
import { QueryBoolean, REQUIRED, requiredText } from './forms.js';
import { RICH_TEXT_MAX_HTML_BYTES } from './rich-text.js';
import { asCleanText, hasVisible, withoutHiddenControls } from './text.js';
import { listResponseSchema, pagingFields, searchField } from './lists.js';

/** The committee's desk (docs/decisions/0020-committee-desk.md): every endpoint here is admin-only. */

export const ROLE_VALUES = ['admin', 'host', 'performer'] as const;
export const RoleSchema = z.enum(ROLE_VALUES, { error: 'Must be one of admin, host, performer' });
export type RoleName = z.infer<typeof RoleSchema>;

/** GET /v1/admin/dashboard: the figures the committee runs the festival by. */
export const DashboardResponseSchema = z.object({
  users: z.object({
    total: z.number().int(),
    admin: z.number().int(),
    host: z.number().int(),
    performer: z.number().int(),
  }),
  venues: z.number().int(),
  acts: z.number().int(),
  scheduled_sets: z.number().int(),
  /** Per slot, the venue slots offered at that time that have no act yet. */
  empty_slots: z.array(z.object({ slot_def: SlotDefSchema, empty: z.number().int() })),
  unscheduled_acts: z.object({
    total: z.number().int(),
    data: z.array(z.object({ id: z.number().int(), name: z.string(), preferred_slots: z.array(SlotDefSchema) })),
  }),
  venues_without_act: z.object({
    total: z.number().int(),
    data: z.array(z.object({ id: z.number().int(), address: z.string() })),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

/** How many unscheduled acts and act-less venues the dashboard names; the totals count them all. */
export const DASHBOARD_LIST_LIMIT = 50;

/** GET /v1/admin/users: the people list, searchable by name or e-mail, filterable by role. */
export const PeopleQuerySchema = z.object({
  search: searchField(),
  role: RoleSchema.optional(),
  ...pagingFields(25),
  include_total: QueryBoolean.default(false),
});
export type PeopleQuery = z.infer<typeof PeopleQuerySchema>;

export const PersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(RoleSchema),
  created_at: z.string(),
  venues: z.number().int(),
  acts: z.number().int(),
});
export type Person = z.infer<typeof PersonSchema>;
export const PeopleResponseSchema = listResponseSchema(PersonSchema);
export type PeopleResponse = z.infer<typeof PeopleResponseSchema>;

/** PUT /v1/admin/users/{id}/admin: grant (true) or revoke (false) the admin role. */
export const SetAdminInputSchema = z.object({ is_admin: z.boolean({ error: 'Must be true or false' }) });
export type SetAdminInput = z.infer<typeof SetAdminInputSchema>;

export const AdminMessages = {
  lastAdmin: 'The last admin cannot be revoked. Grant admin to someone else first.',
  userNotFound: 'User not found',
} as const;

/** What the audit log records; the label is what /admin shows. */
const AuditActions = choiceList([
  ['grant_admin', 'Granted admin'],
  ['revoke_admin', 'Revoked admin'],
  ['set_schedule_release', 'Set the schedule release'],
  ['set_rain_date', 'Switched the rain date'],
  ['post_announcement', 'Posted an announcement'],
  ['delete_announcement', 'Deleted an announcement'],
  ['send_mailing', 'Sent a mail to the festival'],
  ['hide_act', 'Hid an act'],
  ['unhide_act', 'Unhid an act'],
  ['hide_venue', 'Hid a venue'],
  ['unhide_venue', 'Unhid a venue'],
  ['apply_schedule_draft', 'Applied a draft schedule'],
]);
export const AUDIT_ACTIONS = AuditActions.values;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;
export const AuditActionLabels = AuditActions.labels;

export const AuditQuerySchema = z.object({
  ...pagingFields(25),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One admin action: who, what, when, and the changed values before and after. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  action: AuditActionSchema,
  target: z.object({ type: z.string(), id: z.number().int().nullable(), label: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditResponseSchema = z.object({ data: z.array(AuditEntrySchema), total: z.number().int() });
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

/** GET /v1/admin/exports/{name}.csv */
export const EXPORT_NAMES = ['venues', 'acts', 'schedule', 'mailing-list'] as const;
export const ExportParamsSchema = z.object({
  name: z.enum(EXPORT_NAMES, { error: `Must be one of ${EXPORT_NAMES.join(', ')}` }),
});
export type ExportName = (typeof EXPORT_NAMES)[number];
export const ExportLabels: Record<ExportName, string> = {
  venues: 'Venues (with owners)',
  acts: 'Acts (with owners)',
  schedule: 'Schedule',
  'mailing-list': 'Hosts’ and performers’ mailing list',
};

/** GET /v1/admin/settings: the committee's switches and where the release time comes from. */
export const DeskSettingsSchema = z.object({
  /** The release time in force (ISO 8601), or null when the schedule is public at once. */
  schedule_release_at: z.string().nullable(),
  /** The configuration's release time, which applies when the desk sets none. */
  configured_release_at: z.string().nullable(),
  schedule_release_source: z.enum(['configuration', 'desk']),
  rain_date_active: z.boolean(),
});
export type DeskSettings = z.infer<typeof DeskSettingsSchema>;

/** PUT /v1/admin/settings/schedule-release: a new release time, or null for the configuration's. */
export const SetScheduleReleaseInputSchema = z.object({
  release_at: z.iso
    .datetime({ offset: true, error: 'Must be a date and time with its offset, such as 2025-05-31T09:00:00-04:00' })
    .nullable(),
});
export type SetScheduleReleaseInput = z.infer<typeof SetScheduleReleaseInputSchema>;

/** PUT /v1/admin/settings/rain-date: move the festival to its rain date (true) or back (false). */
export const SetRainDateInputSchema = z.object({
  active: z.boolean({ error: 'Must be true or false' }),
});
export type SetRainDateInput = z.infer<typeof SetRainDateInputSchema>;

/** An act or venue whose owner said it cannot take part on the rain date. */
export const RainUnavailableSchema = z.object({
  id: z.number().int(),
  /** The act's name or the venue's address. */
  label: z.string(),
  /** Whether it has a set on the schedule: those are the committee's first calls. */
  scheduled: z.boolean(),
});
export type RainUnavailable = z.infer<typeof RainUnavailableSchema>;

/**
 * A set that cannot happen on the rain date: its act or its porch (or both) said they cannot come.
 * While the rain date is in force the public schedule leaves it out
 * (docs/decisions/0054-rain-date-and-release.md).
 */
export const RainSetSchema = z.object({
  venue_id: z.number().int(),
  address: z.string(),
  slot_def: SlotDefSchema,
  act_id: z.number().int(),
  act_name: z.string(),
  /** Who cannot come: the act, the porch, or both. */
  cause: z.enum(['act', 'venue', 'both']),
});
export type RainSet = z.infer<typeof RainSetSchema>;

/**
 * GET /v1/admin/rain-date and the answer of PUT /v1/admin/settings/rain-date: which day is in
 * force, the acts and venues not available on the rain date, and the sets that cannot happen then.
 */
export const RainDateStatusSchema = z.object({
  rain_date_active: z.boolean(),
  /** The festival day in force, YYYY-MM-DD. */
  date: z.string(),
  /** E-mails queued by this switch (one per host or performer with a scheduled set); 0 on a read or a no-op. */
  mailed: z.number().int(),
  acts: z.array(RainUnavailableSchema),
  venues: z.array(RainUnavailableSchema),
  /** The scheduled sets whose act or porch is not available on the rain date, by slot and address. */
  sets: z.array(RainSetSchema),
});
export type RainDateStatus = z.infer<typeof RainDateStatusSchema>;

// Mail to the festival (docs/decisions/0031-festival-mail.md).

export const MAILING_AUDIENCES = ['hosts', 'performers', 'scheduled', 'everyone'] as const;
export const MailingAudienceSchema = z.enum(MAILING_AUDIENCES, {
  error: `Must be one of ${MAILING_AUDIENCES.join(', ')}`,
});
export type MailingAudience = z.infer<typeof MailingAudienceSchema>;
export const MailingAudienceLabels: Record<MailingAudience, string> = {
  hosts: 'All hosts',
  performers: 'All performers',
  scheduled: 'Everyone with a scheduled set',
  everyone: 'Everyone with an account',
};

export const MAILING_FORMATS = ['text', 'rich'] as const;
export const MailingFormatSchema = z.enum(MAILING_FORMATS, { error: 'Must be one of text, rich' });
export type MailingFormat = z.infer<typeof MailingFormatSchema>;

/** docs/behaviour.md#constants-and-limits: a mail to the festival's subject and plain body. */
export const MAILING_SUBJECT_MAX = 150;
export const MAILING_TEXT_MAX = 5000;

/**
 * docs/behaviour.md#mail-to-the-festival: the same mail (audience, format, subject and body) posted
 * again within this many minutes is refused with a 409 naming the first, so a double click, a
 * second tab or a retry after a timeout does not mail everyone twice (issue 27).
 */
export const MAILING_REPEAT_MINUTES = 10;

export const MailingMessages = {
  noRecipients: 'No one is in that audience yet',
  noImages: 'A mail to the festival cannot carry pictures',
  textTooLong: `Must be at most ${MAILING_TEXT_MAX} characters`,
} as const;

/** GET /v1/admin/mailings/recipients?audience=: how many people a mail to that audience reaches. */
export const MailingRecipientsQuerySchema = z.object({ audience: MailingAudienceSchema });
export const MailingRecipientsSchema = z.object({
  audience: MailingAudienceSchema,
  recipients: z.number().int(),
});
export type MailingRecipients = z.infer<typeof MailingRecipientsSchema>;

/**
 * POST /v1/admin/mailings: plain text (multi-line, text hygiene) or the limited rich text of bios
 * (sanitized on the server, without pictures).
 */
export const CreateMailingInputSchema = z
  .object({
    audience: MailingAudienceSchema,
    subject: requiredText(MAILING_SUBJECT_MAX),
    format: MailingFormatSchema,
    body: z.preprocess(asCleanText, z.string().max(RICH_TEXT_MAX_HTML_BYTES, 'The text is too large')),
  })
  .superRefine((value, ctx) => {
    if (value.format !== 'text') return;
    const plain = withoutHiddenControls(
      z
        .string()
        .refine(hasVisible, REQUIRED)
        .refine((s) => s.length <= MAILING_TEXT_MAX, MailingMessages.textTooLong),
      true,
    ).safeParse(value.body);
    if (!plain.success) ctx.addIssue({ code: 'custom', path: ['body'], message: plain.error.issues[0]!.message });
  });
export type CreateMailingInput = z.infer<typeof CreateMailingInputSchema>;

/** A mail to the festival with its progress: queued (not yet sent), sent, failed (gave up). */
export const MailingSchema = z.object({
  id: z.number().int(),
  audience: MailingAudienceSchema,
  subject: z.string(),
  format: MailingFormatSchema,
  actor_name: z.string(),
  created_at: z.string(),
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type Mailing = z.infer<typeof MailingSchema>;
export const MailingsResponseSchema = z.object({ data: z.array(MailingSchema), total: z.number().int() });
export type MailingsResponse = z.infer<typeof MailingsResponseSchema>;
