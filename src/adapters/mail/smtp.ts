import { createTransport } from 'nodemailer';
import { MailDeliveryError, type MailSender } from './port.js';

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://… (TLS from the start). */
  smtpUrl: string;
  /** The From header, e.g. `Tessera <no-reply@tessera.local>`. */
  from: string;
}

// nodemailer waits minutes by default; a sign-up request should learn within seconds that mail is down.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The right-hand side of the Message-ID of messages that carry their own id. */
const MESSAGE_ID_DOMAIN = 'tessera.mail';

/** What went wrong, in words that carry no server address or credentials. */
const FAILURES: Record<string, string> = {
  EENVELOPE: 'the server refused the sender or recipient',
  EMESSAGE: 'the server refused the message',
  EAUTH: 'the server refused our credentials',
  ENOAUTH: 'the server requires credentials',
  ECONNECTION: 'the connection to the server failed',
  ESOCKET: 'the server could not be reached',
  EDNS: 'the server name could not be resolved',
  ETIMEDOUT: 'the server did not answer in time',
  ETLS: 'the TLS connection to the server failed',
};

/** Real e-mail through an SMTP server (nodemailer), one connection per message. */
export function createSmtpMailer(options: SmtpMailerOptions): MailSender {
  const transport = createTransport(
    {
      url: options.smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    },
    { from: options.from },
  );
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.messageId === undefined ? {} : { messageId: `<${message.messageId}@${MESSAGE_ID_DOMAIN}>` }),
          ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
          ...(message.headers === undefined ? {} : { headers: message.headers }),
        });
      } catch (error) {
        throw toDeliveryError(error);
      }
    },
  };
}

function toDeliveryError(error: unknown): MailDeliveryError {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; responseCode?: unknown };
  const knownCode = typeof code === 'string' ? code : undefined;
  const knownResponse = typeof responseCode === 'number' ? responseCode : undefined;
  // nodemailer's own message can quote the server's reply or address; ours is built from codes only.
  const reason = (knownCode && FAILURES[knownCode]) ?? 'delivery failed';
  const detail = [knownCode, knownResponse === undefined ? undefined : `SMTP ${knownResponse}`].filter(Boolean).join(', ');
  return new MailDeliveryError(`Mail delivery failed: ${reason}${detail ? ` (${detail})` : ''}`, knownCode, knownResponse);
}
