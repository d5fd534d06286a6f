import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
  from: string;
  to: string[];
  replyTo: string[];
  headers: Array<{ key: string; value: string }>;
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Accept or refuse connections, to play an SMTP outage. */
  setDown(down: boolean): void;
  waitFor(predicate: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server, in-process, that keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No network here: a reverse DNS lookup per connection only waits for its time-out.
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      callback(down ? new Error('Service unavailable') : undefined);
    },
    // Connections a pooled client keeps open fail too while the server is "down".
    onMailFrom(_address, _session, callback) {
      if (!down) return callback();
      const err = Object.assign(new Error('Service temporarily unavailable'), { responseCode: 451 });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw)
          .then((email) => {
            messages.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              from: email.from?.address ?? '',
              to: (email.to ?? []).map((a) => a.address ?? ''),
              replyTo: (email.replyTo ?? []).map((a) => a.address ?? ''),
              headers: email.headers.map((h) => ({ key: h.key, value: h.value })),
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  // A client that drops mid-session (an app process killed by a fault test) is not the sink's
  // failure: without a listener the 'error' event would crash the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    setDown: (value) => {
      down = value;
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No matching mail within ${timeoutMs} ms (${messages.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
