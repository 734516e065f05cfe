/** One e-mail: plain text always (the outbox page and every client can show it), HTML optionally. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The same message always carries the same id (a UUID), so a repeat after a crash is recognised:
   * the outbox stores it once, SMTP sends it as the Message-ID header that mail systems de-duplicate by.
   */
  messageId?: string;
  /** Where an answer goes instead of the sender (a member's message: the member who wrote it); the outbox does not keep it. */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe); the outbox does not keep them. */
  headers?: Record<string, string>;
}

export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted (by the SMTP server, or stored in the outbox). */
  send(message: MailMessage): Promise<void>;
}

/** A message as the development outbox kept it. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  sentAt: Date;
}

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 200;

/** Reads the development outbox: what would have been sent while no SMTP server is configured. */
export interface MailOutbox {
  /** Newest first; `to` matches the recipient case-insensitively; at most `limit` (capped) messages. */
  list(options?: { to?: string; limit?: number }): Promise<OutboxMessage[]>;
  /** Deletes every message to `to` (an erased account's address, codes and links with it). */
  forgetRecipient(to: string): Promise<void>;
}

/**
 * The outbox keeps a message no longer than the longest-lived secret mailed in one (a verification
 * link, 24 hours): after that its codes and links are dead, and its address has no business there.
 */
export const OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Delivery failed. The message names the cause (refused recipient, server unreachable …) and never
 * the SMTP URL or its credentials, so it is safe to log.
 */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
  constructor(
    message: string,
    /** nodemailer's error code, e.g. ECONNECTION, EENVELOPE, EAUTH. */
    readonly code: string | undefined,
    /** The SMTP reply code when the server answered, e.g. 550. */
    readonly responseCode: number | undefined,
  ) {
    super(message);
  }

  /** Worth trying again later: the server answered 4xx (try later), or could not be reached at all. */
  get transient(): boolean {
    if (this.responseCode !== undefined) return this.responseCode >= 400 && this.responseCode < 500;
    return this.code !== undefined && UNREACHABLE_CODES.has(this.code);
  }
}

/** nodemailer's codes for a server that was not reached or did not answer: nothing was refused. */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETIMEDOUT']);
