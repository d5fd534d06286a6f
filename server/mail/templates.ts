import type { FestivalConfig } from '../../contract/festival.js';
import type { MailMessage } from './message.js';

export function passwordResetMail(festival: FestivalConfig, to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: `${festival.name}: reset your password`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of your ${festival.name} account. To choose a new password, open this link within ${minutes} minutes:`,
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
      '',
      `The ${festival.name} committee`,
    ].join('\n'),
  };
}

// Scheduling notices (issue 4). Each names the act, the venue's address, and the slot with its
// time and day from the festival configuration, so the mail reads on its own on festival day.

/** A slot as a scheduling e-mail writes it: 'Slot 2, 1:30pm-2:30pm on Saturday June 14, 2025 (set up from 1:00pm)'. */
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
    actUrl: string;
    scheduleUrl: string;
  },
): MailMessage {
  const subject =
    m.unscheduled.length === 0
      ? `${festival.name}: "${m.actName}" is scheduled to play at ${m.address}`
      : m.scheduled.length === 0
        ? `${festival.name}: "${m.actName}" is no longer scheduled at ${m.address}`
        : `${festival.name}: the schedule of "${m.actName}" at ${m.address} has changed`;
  const lines = [`Hello ${m.ownerName},`, ''];
  if (m.scheduled.length > 0) {
    lines.push(
      `The host of ${m.address} has scheduled your act "${m.actName}" to play there:`,
      ...m.scheduled.map(slotLine),
      '',
    );
  }
  if (m.unscheduled.length > 0) {
    lines.push(
      `The host of ${m.address} has taken your act "${m.actName}" out of ${m.unscheduled.length === 1 ? 'this slot' : 'these slots'}:`,
      ...m.unscheduled.map(slotLine),
      '',
    );
    if (m.scheduled.length === 0) lines.push('For those times your act is looking for a host again.', '');
  }
  lines.push(`Your act: ${m.actUrl}`, `The schedule: ${m.scheduleUrl}`, '', `The ${festival.name} committee`);
  return { to: m.to, subject, text: lines.join('\n') };
}

/** To an act's owner: the venue the act was scheduled at was deleted, so the act is unscheduled. */
export function venueDeletedMail(
  festival: FestivalConfig,
  m: { to: string; ownerName: string; actName: string; address: string; slots: MailSlot[]; actUrl: string },
): MailMessage {
  return {
    to: m.to,
    subject: `${festival.name}: "${m.actName}" is no longer scheduled at ${m.address}`,
    text: [
      `Hello ${m.ownerName},`,
      '',
      `The venue at ${m.address} has been removed from ${festival.name}, so your act "${m.actName}" is no longer scheduled there:`,
      ...m.slots.map(slotLine),
      '',
      'For those times your act is looking for a host again.',
      '',
      `Your act: ${m.actUrl}`,
      '',
      `The ${festival.name} committee`,
    ].join('\n'),
  };
}

/** To a venue's host: an act scheduled at the venue was deleted, so its slots are free again. */
export function actDeletedMail(
  festival: FestivalConfig,
  m: { to: string; hostName: string; actName: string; address: string; slots: MailSlot[]; slotsUrl: string },
): MailMessage {
  return {
    to: m.to,
    subject: `${festival.name}: "${m.actName}" will not play at ${m.address}`,
    text: [
      `Hello ${m.hostName},`,
      '',
      `The act "${m.actName}" has been deleted, so it will not play at ${m.address}. ${m.slots.length === 1 ? 'This slot is' : 'These slots are'} free again:`,
      ...m.slots.map(slotLine),
      '',
      `Choose another act: ${m.slotsUrl}`,
      '',
      `The ${festival.name} committee`,
    ].join('\n'),
  };
}
