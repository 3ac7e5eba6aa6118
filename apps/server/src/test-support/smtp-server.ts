import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (port chosen by the OS) that keeps what it receives. It can be
 * stopped and started again on the same port, or made to refuse mail, to play an outage.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** While true, every recipient is refused with a temporary (4xx) error. */
  refusing = false;
  private server: SMTPServer | undefined;
  private port = 0;

  get running(): boolean {
    return this.server !== undefined;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (!this.refusing) return callback();
        const error = new Error('Mailbox temporarily unavailable') as Error & {
          responseCode: number;
        };
        error.responseCode = 451;
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: decodeHeader(header(raw, 'subject')),
            text: textPart(raw),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until a mail to `email` has arrived (or fails after `timeoutMs`). */
  async waitForMailTo(email: string, timeoutMs = 5_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.received.findLast((m) => m.to.includes(email.toLowerCase()));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`No mail to ${email} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  mailsTo(email: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(email.toLowerCase()));
  }
}

function splitMessage(raw: string): { headers: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  return at < 0
    ? { headers: raw, body: '' }
    : { headers: raw.slice(0, at), body: raw.slice(at + 4) };
}

function header(raw: string, name: string): string {
  const { headers } = splitMessage(raw);
  const unfolded = headers.replace(/\r\n[ \t]+/g, ' ');
  const line = unfolded.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_all, _charset, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(raw: string): string {
  const encoding = header(raw, 'content-transfer-encoding').toLowerCase();
  const { body } = splitMessage(raw);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The decoded text/plain part of a (possibly multipart) message. */
function textPart(raw: string): string {
  const type = header(raw, 'content-type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return decodePart(raw);
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const trimmed = part.replace(/^\r\n/, '');
    const partType = header(trimmed, 'content-type').toLowerCase();
    if (partType.startsWith('multipart/')) return textPart(trimmed);
    if (partType.startsWith('text/plain')) return decodePart(trimmed);
  }
  return '';
}
