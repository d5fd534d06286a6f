import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logTransport } from '../../server/mail/transport.js';
import { mailLine, readServerLog } from './server-log.js';

/** What the demo shows of its server's log (docs/decisions/0057): mail with its links, and problems. */
describe("the demo's reading of the server log", () => {
  it('reads a mail the log transport writes, with its links once each', async () => {
    const lines: string[] = [];
    const logger = { info: (msg: string) => lines.push(JSON.stringify({ level: 30, time: 1, msg })) };
    const link = 'http://localhost:3000/resetpass?email=a%40example.org&token=abc';
    await logTransport(logger as unknown as FastifyBaseLogger).send({
      to: 'a@example.org',
      subject: 'Porchfest: reset your password',
      text: `Hello,\n\nOpen ${link} to choose a new password.\n\n${link}\n`,
    });
    const read = readServerLog(lines[0]!);
    expect(read).toEqual({
      kind: 'mail',
      to: 'a@example.org',
      subject: 'Porchfest: reset your password',
      links: [link],
    });
    expect(mailLine(read as Extract<typeof read, { kind: 'mail' }>)).toBe(
      `✉  Mail to a@example.org: Porchfest: reset your password\n     ${link}`,
    );
  });

  it('shows warnings and errors, leaves requests out, and passes other text through', () => {
    expect(readServerLog(JSON.stringify({ level: 50, msg: 'unhandled error', err: { message: 'boom' } }))).toEqual({
      kind: 'problem',
      text: '[error] unhandled error: boom',
    });
    expect(readServerLog(JSON.stringify({ level: 30, msg: 'request completed' }))).toEqual({ kind: 'other' });
    expect(readServerLog('✓ built in 1.72s')).toEqual({ kind: 'text', text: '✓ built in 1.72s' });
  });
});
