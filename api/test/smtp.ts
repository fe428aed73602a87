/** A real SMTP server on a free port for the e-mail tests; it keeps what it receives, or refuses everything. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, with quoted-printable undone so texts and links can be searched. */
  raw: string;
  header(name: string): string | undefined;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Undoes quoted-printable on the bytes, then reads them as UTF-8. */
const decodeQuotedPrintable = (bytes: Buffer) =>
  Buffer.from(
    bytes
      .toString('latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export async function startSmtp(options: { refuse?: string } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!options.refuse) return callback();
      const error = Object.assign(new Error(options.refuse), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks));
        const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          header: (name) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1],
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (count, timeoutMs = 10_000) =>
      eventually(
        () => {
          if (received.length < count) throw new Error(`expected ${count} e-mails, received ${received.length}`);
          return received;
        },
        { within: timeoutMs },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
