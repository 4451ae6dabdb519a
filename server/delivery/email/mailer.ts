import nodemailer from 'nodemailer';

/**
 * Email through SMTP (issue 14), with nodemailer: set SMTP_URL (smtp://user:password@host:587,
 * or smtps:// for implicit TLS on 465) and optionally EMAIL_FROM. Without SMTP_URL the server
 * sends no email and says so (GET /api/notifications/status); nothing pretends.
 */

export type EmailConfig = {
  /** The SMTP URL as given: nodemailer reads user, password, host, port and TLS from it. */
  url: string;
  /** The same URL without its password, safe to log and show. */
  display: string;
  from: string;
};

export class EmailConfigError extends Error {}

/** Generous for a slow relay, short enough that one stuck server never holds the delivery worker. */
const SMTP_TIMEOUT_MS = 15_000;
const MAX_ADDRESS_LENGTH = 254;

/** A plain address or `Name <address>`: one line, one @, no spaces in the address. */
const FROM_PATTERN = /^(?:[^<>\r\n]{0,100}<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

/** The email set-up from the environment, null when SMTP_URL is unset; a clear error when wrong. */
export function emailConfigFromEnv(env: {
  SMTP_URL?: string;
  EMAIL_FROM?: string;
}): EmailConfig | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EmailConfigError(
      'SMTP_URL is not a URL: use smtp://user:password@host:587 or smtps://user:password@host:465',
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new EmailConfigError(
      `SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`,
    );
  }
  if (!url.hostname) throw new EmailConfigError('SMTP_URL names no host');
  const display = new URL(raw);
  display.password = '';
  const from = env.EMAIL_FROM?.trim() || `CommonGround <no-reply@${url.hostname}>`;
  if (from.length > MAX_ADDRESS_LENGTH || !FROM_PATTERN.test(from)) {
    throw new EmailConfigError(
      `EMAIL_FROM must be an address such as "CommonGround <alerts@example.org>", not "${from}"`,
    );
  }
  return { url: raw, display: display.toString(), from };
}

export type EmailAttachment = { filename: string; content: string; contentType: string };

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments?: EmailAttachment[];
};

/**
 * What one attempt came to. A 5xx answer (mailbox unknown, message refused) will not change on a
 * retry; a 4xx answer or a network failure may.
 */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export type Mailer = {
  send(message: EmailMessage): Promise<SendOutcome>;
  close(): void;
};

type SmtpFailure = Error & { responseCode?: number; code?: string };

export function classifySmtpFailure(error: SmtpFailure): SendOutcome {
  // An envelope without an SMTP code is ours (no valid recipient): retrying will not help.
  const permanent =
    typeof error.responseCode === 'number' ? error.responseCode >= 500 : error.code === 'EENVELOPE';
  return { ok: false, permanent, error: error.message.slice(0, 500) };
}

export function createMailer(config: EmailConfig): Mailer {
  const transport = nodemailer.createTransport({
    url: config.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          attachments: message.attachments?.map((attachment) => ({
            filename: attachment.filename,
            content: attachment.content,
            contentType: attachment.contentType,
          })),
        });
        return { ok: true };
      } catch (error) {
        return classifySmtpFailure(error as SmtpFailure);
      }
    },
    close: () => transport.close(),
  };
}
