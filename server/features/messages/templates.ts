import type { FestivalConfig } from '../../../contract/festival.js';
import { MEDIA_PATH_PREFIX } from '../../lib/rich-text.js';
import { subjectName, type MailMessage } from '../../mail/message.js';
import type { MessageTarget } from './queries.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Stored images are addressed by site path; a mail client needs the whole URL. */
const absoluteMedia = (html: string, publicUrl: string) =>
  html.replaceAll(`src="${MEDIA_PATH_PREFIX}`, `src="${publicUrl}${MEDIA_PATH_PREFIX}`);

/** The sender's message in the plain-text part, between rules. */
const quotedText = (text: string) => ['----', text, '----'];

/** The sender's message in the HTML part, set off as a quotation. */
const quotedHtml = (html: string, publicUrl: string) =>
  `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:1em">${absoluteMedia(html, publicUrl)}</blockquote>`;

export interface OwnerMessageMail {
  festival: FestivalConfig;
  publicUrl: string;
  target: MessageTarget;
  sender: { name: string; email: string };
  /** The sanitized message and its visible text. */
  html: string;
  text: string;
}

/**
 * The e-mail to the owner of a venue or an act. Reply-To is the sender, so the owner's reply
 * goes straight to them and the conversation continues by e-mail (docs/behaviour.md#the-festival).
 * Every name in it comes from our own records; the client's entity_name is never used.
 */
export function ownerMessageMail(m: OwnerMessageMail): MailMessage {
  const kind = m.target.type === 'venue' ? 'venue' : 'act';
  const page = `${m.publicUrl}/${kind}s/${m.target.id}`;
  const intro = `${m.sender.name} (${m.sender.email}) sent you a message about your ${kind} "${m.target.name}" through ${m.festival.name}:`;
  const outro = `Reply to this e-mail to answer ${m.sender.name}: your reply goes to ${m.sender.email}.`;
  const listed = `You can also read the messages about your ${kind} on its page: ${page}`;
  return {
    to: m.target.owner.email,
    replyTo: { name: m.sender.name, address: m.sender.email },
    subject: `${m.festival.name}: a message about your ${kind} "${subjectName(m.target.name)}"`,
    text: [
      `Hello ${m.target.owner.name},`,
      '',
      intro,
      '',
      ...quotedText(m.text),
      '',
      outro,
      '',
      listed,
      '',
      `The ${m.festival.name} team`,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(m.target.owner.name)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      quotedHtml(m.html, m.publicUrl),
      `<p>${escapeHtml(outro)}</p>`,
      `<p>You can also read the messages about your ${kind} on <a href="${escapeHtml(page)}">its page</a>.</p>`,
      `<p>The ${escapeHtml(m.festival.name)} team</p>`,
    ].join('\n'),
  };
}

export interface CommitteeMail {
  festival: FestivalConfig;
  publicUrl: string;
  /** The category's name from the configuration (never the client's text). */
  categoryName: string;
  senderEmail: string;
  /** The account the form was sent from, when the sender was logged in. */
  account: { name: string; email: string } | null;
  html: string;
  text: string;
}

/**
 * The contact form's message to the committee address, Reply-To the sender
 * (docs/behaviour.md#contact-the-committee).
 */
export function committeeMail(m: CommitteeMail): MailMessage {
  const details = [
    `Category: ${m.categoryName}`,
    `From: ${m.senderEmail}`,
    ...(m.account ? [`Logged in as: ${m.account.name} (${m.account.email})`] : []),
  ];
  const outro = `Reply to this e-mail to answer ${m.senderEmail}.`;
  return {
    to: m.festival.committee_email,
    replyTo: { address: m.senderEmail },
    subject: `${m.festival.name} contact form: ${m.categoryName}`,
    text: [
      `A message from the ${m.festival.name} contact form.`,
      '',
      ...details,
      '',
      ...quotedText(m.text),
      '',
      outro,
    ].join('\n'),
    html: [
      `<p>A message from the ${escapeHtml(m.festival.name)} contact form.</p>`,
      `<p>${details.map(escapeHtml).join('<br>')}</p>`,
      quotedHtml(m.html, m.publicUrl),
      `<p>${escapeHtml(outro)}</p>`,
    ].join('\n'),
  };
}
