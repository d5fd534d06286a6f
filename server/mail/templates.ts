import type { FestivalConfig } from '../../contract/festival.js';
import { subjectName, type MailMessage } from './message.js';

/**
 * A mail's text: "Hello" and the person's name (none for a mail to an address only), a blank
 * line, the body, and the committee's name after another blank line.
 */
const letter = (festival: FestivalConfig, name: string | null, body: string[]) =>
  [name === null ? 'Hello,' : `Hello ${name},`, '', ...body, '', `The ${festival.name} committee`].join('\n');

/** Replies to the committee, for a mail that asks the reader to reply. */
const replyToCommittee = (festival: FestivalConfig) => ({
  address: festival.committee_email,
  name: `${festival.name} committee`,
});

export function passwordResetMail(festival: FestivalConfig, to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: `${festival.name}: reset your password`,
    text: letter(festival, null, [
      `Someone asked to reset the password of your ${festival.name} account. To choose a new password, open this link within ${minutes} minutes:`,
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ]),
  };
}

// Scheduling notices (docs/behaviour.md#states-and-transitions). Each names the act, the venue's
// address, and the slot with its time and day from the festival configuration, so the mail reads on
// its own on festival day.

/** A slot as a scheduling e-mail writes it: 'Slot 2, 1:30pm-2:30pm EDT on Saturday, June 14, 2025 (set up from 1:00pm)'. */
export interface MailSlot {
  slot: string;
  time: string;
  setup: string;
  date: string;
}

const slotLine = (s: MailSlot) => `- ${s.slot}, ${s.time} on ${s.date}` + (s.setup ? ` (set up from ${s.setup})` : '');

/** To an act's owner: a host put the act into slots of a venue, or took it out of them. */
export function actScheduleChangedMail(
  festival: FestivalConfig,
  m: {
    to: string;
    ownerName: string;
    actName: string;
    address: string;
    scheduled: MailSlot[];
    unscheduled: MailSlot[];
    /** Every slot the act now has at this venue, when a summary of several changes names them all. */
    current?: MailSlot[];
    actUrl: string;
    scheduleUrl: string;
    /** The committee made the change (docs/decisions/0050-draft-schedule.md), not the host. */
    byCommittee?: boolean;
  },
): MailMessage {
  const who = m.byCommittee ? `The ${festival.name} committee` : `The host of ${m.address}`;
  const subject =
    m.unscheduled.length === 0
      ? `${festival.name}: "${subjectName(m.actName)}" is scheduled to play at ${subjectName(m.address)}`
      : m.scheduled.length === 0 && (m.current ?? []).length === 0
        ? `${festival.name}: "${subjectName(m.actName)}" is no longer scheduled at ${subjectName(m.address)}`
        : `${festival.name}: the schedule of "${subjectName(m.actName)}" at ${subjectName(m.address)} has changed`;
  const lines: string[] = [];
  if (m.scheduled.length > 0) {
    lines.push(
      `${who} has scheduled your act "${m.actName}" to play ${m.byCommittee ? `at ${m.address}` : 'there'}:`,
      ...m.scheduled.map(slotLine),
      '',
    );
  }
  if (m.unscheduled.length > 0) {
    lines.push(
      `${who} has taken your act "${m.actName}" out of ${m.unscheduled.length === 1 ? 'this slot' : 'these slots'}${m.byCommittee ? ` at ${m.address}` : ''}:`,
      ...m.unscheduled.map(slotLine),
      '',
    );
    if (m.scheduled.length === 0) lines.push('For those times your act is looking for a host again.', '');
  }
  const kept = (m.current ?? []).filter((c) => !m.scheduled.some((s) => s.slot === c.slot));
  if (kept.length > 0) {
    lines.push(`Your act still plays at ${m.address}:`, ...kept.map(slotLine), '');
  }
  lines.push(`Your act: ${m.actUrl}`, `The schedule: ${m.scheduleUrl}`);
  return { to: m.to, subject, text: letter(festival, m.ownerName, lines) };
}

/** To a porch's host: the committee applied a draft schedule that changed the acts at the porch. */
export function venueScheduleChangedMail(
  festival: FestivalConfig,
  m: {
    to: string;
    hostName: string;
    address: string;
    /** Each slot the draft changed: the act it has now, or none, and the one it had. */
    changes: { slot: MailSlot; now: string | null; before: string | null }[];
    editUrl: string;
    scheduleUrl: string;
  },
): MailMessage {
  const line = (c: (typeof m.changes)[number]) =>
    `${slotLine(c.slot)}: ${c.now ? `"${c.now}"` : 'no act'}${c.before ? ` (was "${c.before}")` : ''}`;
  return {
    to: m.to,
    subject: `${festival.name}: the committee changed the schedule at ${subjectName(m.address)}`,
    text: letter(festival, m.hostName, [
      `The ${festival.name} committee has changed who plays at your porch, ${m.address}:`,
      ...m.changes.map(line),
      '',
      "Each act's performer has been told. To change it, open your slots and schedule:",
      m.editUrl,
      `The schedule: ${m.scheduleUrl}`,
    ]),
  };
}

/** To an act's owner: the venue the act was scheduled at was deleted, so the act is unscheduled. */
export function venueDeletedMail(
  festival: FestivalConfig,
  m: { to: string; ownerName: string; actName: string; address: string; slots: MailSlot[]; actUrl: string },
): MailMessage {
  return {
    to: m.to,
    subject: `${festival.name}: "${subjectName(m.actName)}" is no longer scheduled at ${subjectName(m.address)}`,
    text: letter(festival, m.ownerName, [
      `The venue at ${m.address} has been removed from ${festival.name}, so your act "${m.actName}" is no longer scheduled there:`,
      ...m.slots.map(slotLine),
      '',
      'For those times your act is looking for a host again.',
      '',
      `Your act: ${m.actUrl}`,
    ]),
  };
}

/** To a venue's host: an act scheduled at the venue was deleted, so its slots are free again. */
export function actDeletedMail(
  festival: FestivalConfig,
  m: { to: string; hostName: string; actName: string; address: string; slots: MailSlot[]; slotsUrl: string },
): MailMessage {
  return {
    to: m.to,
    subject: `${festival.name}: "${subjectName(m.actName)}" will not play at ${subjectName(m.address)}`,
    text: letter(festival, m.hostName, [
      `The act "${m.actName}" has been deleted, so it will not play at ${m.address}. ${m.slots.length === 1 ? 'This slot is' : 'These slots are'} free again:`,
      ...m.slots.map(slotLine),
      '',
      `Choose another act: ${m.slotsUrl}`,
    ]),
  };
}

/**
 * To a host or performer with a scheduled set: the committee moved the festival to its rain date,
 * or back to the event date. Sets keep their slots: the rain date has the same hours.
 */
export function rainDateMail(
  festival: FestivalConfig,
  m: { to: string; name: string; rainDateActive: boolean; date: string; time: string; scheduleUrl: string },
): MailMessage {
  const subject = m.rainDateActive
    ? `${festival.name} moves to the rain date, ${m.date}`
    : `${festival.name} is back on ${m.date}`;
  return {
    to: m.to,
    subject,
    replyTo: replyToCommittee(festival),
    text: letter(festival, m.name, [
      m.rainDateActive
        ? `Because of the weather, the ${festival.name} committee has moved the festival to the rain date: ${m.date}, ${m.time}.`
        : `The ${festival.name} committee has moved the festival back to its date: ${m.date}, ${m.time}.`,
      'Your sets keep their slots and times on that day. If you cannot take part then, please tell the committee as soon as you can by replying to this e-mail.',
      '',
      `The schedule: ${m.scheduleUrl}`,
    ]),
  };
}

/**
 * To the owner of an act or a venue: the committee hid it from the public, with its reason, or
 * showed it again (docs/behaviour.md#moderation). Replies go to the committee.
 */
export function moderationMail(
  festival: FestivalConfig,
  m: {
    to: string;
    ownerName: string;
    kind: 'act' | 'venue';
    /** The act's name or the venue's address. */
    label: string;
    hidden: boolean;
    reason: string | null;
    url: string;
  },
): MailMessage {
  const what = m.kind === 'act' ? `your act "${m.label}"` : `your venue at ${m.label}`;
  const named = m.kind === 'act' ? `"${subjectName(m.label)}"` : subjectName(m.label);
  return {
    to: m.to,
    subject: m.hidden
      ? `${festival.name}: ${named} is hidden by the committee`
      : `${festival.name}: ${named} is shown again`,
    replyTo: replyToCommittee(festival),
    text: letter(festival, m.ownerName, [
      ...(m.hidden
        ? [
            `The ${festival.name} committee has hidden ${what}: visitors no longer see it in the lists, the schedule or the map. You and the committee still do.`,
            '',
            `The committee's reason: ${m.reason ?? ''}`,
            '',
            'To ask about it, reply to this e-mail.',
          ]
        : [
            `The ${festival.name} committee has shown ${what} again: it is back in the lists, the schedule and the map.`,
          ]),
      '',
      `Your ${m.kind}: ${m.url}`,
    ]),
  };
}
