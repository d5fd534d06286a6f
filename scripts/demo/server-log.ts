/**
 * The demo's view of its server's log (scripts/demo.ts, docs/decisions/0057): pino's JSON lines,
 * of which a newcomer wants the mail (the log transport's "Mail not sent" lines, server/mail/
 * transport.ts: to whom, the subject, and the links, so a reset link can be followed) and any
 * warning or error, not a line per request.
 */
import { z } from 'zod';

const LogLineSchema = z.object({ level: z.number(), msg: z.string().optional(), err: z.unknown().optional() });
const MAIL = /^Mail not sent \(SMTP_URL is not set\)\. To: (.*)\nSubject: (.*)\n\n([\s\S]*)$/;

export type ServerLogLine =
  | { kind: 'mail'; to: string; subject: string; links: string[] }
  | { kind: 'problem'; text: string }
  | { kind: 'other' }
  /** Not the log's JSON: the build's output, shown as it is. */
  | { kind: 'text'; text: string };

export function readServerLog(line: string): ServerLogLine {
  let entry: z.infer<typeof LogLineSchema>;
  try {
    entry = LogLineSchema.parse(JSON.parse(line));
  } catch {
    return { kind: 'text', text: line };
  }
  const mail = MAIL.exec(entry.msg ?? '');
  if (mail)
    return {
      kind: 'mail',
      to: mail[1]!,
      subject: mail[2]!,
      links: [...new Set(mail[3]!.match(/https?:\/\/\S+/g) ?? [])],
    };
  if (entry.level < 40) return { kind: 'other' };
  const error = entry.err as { message?: string } | undefined;
  const level = entry.level >= 50 ? 'error' : 'warn';
  return { kind: 'problem', text: `[${level}] ${entry.msg ?? ''}${error?.message ? `: ${error.message}` : ''}` };
}

/** A mail as the demo prints it: one line, then its links. */
export const mailLine = (mail: { to: string; subject: string; links: string[] }) =>
  `✉  Mail to ${mail.to}: ${mail.subject}${mail.links.map((link) => `\n     ${link}`).join('')}`;
