// A mail sink for the journeys: an SMTP server on a free loopback port that
// keeps every message, so a test can wait for a mail and follow its links.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string; raw: string; links: string[] };

/** Undoes quoted-printable soft breaks and escapes (a run of escaped bytes is UTF-8: "=C3=BC" is "ü"). */
function decodeQuotedPrintable(body: string) {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

function parse(raw: string, to: string[]): ReceivedMail {
  const decoded = decodeQuotedPrintable(raw);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\r?\n[ \t]/g, ' ')
    // RFC 2047: white space between two encoded words is not part of the text
    // (joined before decoding, so a character split over two words stays whole).
    .replace(/\?=\s+=\?utf-8\?Q\?/gi, '')
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replaceAll('_', ' ')));
  const links = [...new Set(decoded.match(/https?:\/\/[^\s"<>]+/g) ?? [])].map((l) => l.replaceAll('&amp;', '&'));
  return { to, subject, text: decoded, raw, links };
}

export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  /** The first mail (received so far or later) to `address` whose subject matches. */
  async function waitForMail(address: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find((m) => m.to.includes(address) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject} (got ${mails.length})`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, 250);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
