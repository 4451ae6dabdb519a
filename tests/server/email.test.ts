import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMailer,
  emailConfigFromEnv,
  EmailConfigError,
  type EmailConfig,
} from '../../server/delivery/email/mailer';
import { BACKENDS, createTestCommunity, openTestDatabase, testApp, testClock } from './helpers';
import { alertEmail, reportEmail, reportFileName } from '../../server/delivery/email/messages';
import { alertMessage } from '../../server/alerts/messages';

/** A real SMTP server on a free loopback port that keeps what it receives, parsed. */
async function smtpServer(options: Partial<SMTPServerOptions> = {}) {
  const received: { envelopeTo: string[]; mail: ParsedMail; user?: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail,
            user: session.user as string | undefined,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received };
}

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

const config = (url: string): EmailConfig => {
  const parsed = emailConfigFromEnv({
    SMTP_URL: url,
    EMAIL_FROM: 'Willow Creek <hoa@example.org>',
  });
  if (!parsed) throw new Error('no config');
  return parsed;
};

const CSV = 'Date,The Great Lawn\r\n2026-10-01,120\r\n=HYPERLINK("x"),1\r\n';

const report = {
  to: 'board@willowcreek.example',
  communityName: 'Willow Creek HOA',
  timeZone: 'America/Los_Angeles',
  archiveId: 7,
  title: 'October 2026 usage report',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  builtAt: Date.parse('2026-11-01T14:00:00Z'),
  csv: CSV,
  summary: { totalVisits: 12345, coveredDays: 30, periodDays: 31 },
};

describe('SMTP_URL and EMAIL_FROM', () => {
  it('is off without SMTP_URL', () => {
    expect(emailConfigFromEnv({})).toBeNull();
    expect(emailConfigFromEnv({ SMTP_URL: '  ' })).toBeNull();
  });

  it('keeps the password out of what it shows', () => {
    const parsed = emailConfigFromEnv({ SMTP_URL: 'smtps://alerts:s3cret@mail.example.org:465' });
    expect(parsed?.display).toBe('smtps://alerts@mail.example.org:465');
    expect(parsed?.from).toBe('CommonGround <no-reply@mail.example.org>');
  });

  it('refuses what is not an SMTP URL or a sender address, saying what to write', () => {
    expect(() => emailConfigFromEnv({ SMTP_URL: 'mail.example.org' })).toThrow(EmailConfigError);
    expect(() => emailConfigFromEnv({ SMTP_URL: 'https://mail.example.org' })).toThrow(
      /must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() =>
      emailConfigFromEnv({ SMTP_URL: 'smtp://mail.example.org', EMAIL_FROM: 'not an address' }),
    ).toThrow(/EMAIL_FROM/);
  });
});

describe('sending through a real SMTP server', () => {
  it('delivers a scheduled report with its CSV attached and a link to the archive', async () => {
    const smtp = await smtpServer();
    servers.push(smtp.server);
    const mailer = createMailer(config(`smtp://127.0.0.1:${smtp.port}`));
    const outcome = await mailer.send(reportEmail(report, 'https://hoa.example.org/'));
    mailer.close();

    expect(outcome).toEqual({ ok: true });
    expect(smtp.received).toHaveLength(1);
    const [first] = smtp.received;
    if (!first) throw new Error('nothing received');
    const { envelopeTo, mail } = first;
    expect(envelopeTo).toEqual(['board@willowcreek.example']);
    expect(mail.from?.text).toBe('"Willow Creek" <hoa@example.org>');
    expect(mail.subject).toBe('Your October 2026 usage report is ready');
    expect(mail.text).toContain('Period: 2026-10-01 to 2026-10-31 (America/Los_Angeles)');
    expect(mail.text).toContain('Total visits: 12,345');
    expect(mail.text).toContain('Data for 30 of 31 days; the figures cover those days only.');
    expect(mail.text).toContain(
      'Open it in the report archive: https://hoa.example.org/reports?archive=7',
    );
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    if (!attachment) throw new Error('no attachment');
    expect(attachment.filename).toBe('october-2026-usage-report-2026-10-01.csv');
    expect(attachment.contentType).toBe('text/csv');
    // Byte for byte the archived CSV (its formula guard included).
    expect(attachment.content.toString('utf8')).toBe(CSV);
  });

  it('signs in with the user and password of the URL', async () => {
    const smtp = await smtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'alerts' && auth.password === 'p@ss word') {
          callback(null, { user: auth.username });
        } else callback(new Error('Invalid username or password'));
      },
    });
    servers.push(smtp.server);
    const good = createMailer(config(`smtp://alerts:p%40ss%20word@127.0.0.1:${smtp.port}`));
    expect(await good.send(reportEmail(report, 'http://x'))).toEqual({ ok: true });
    good.close();
    expect(smtp.received[0]?.user).toBe('alerts');

    const bad = createMailer(config(`smtp://alerts:wrong@127.0.0.1:${smtp.port}`));
    const refused = await bad.send(reportEmail(report, 'http://x'));
    bad.close();
    expect(refused).toMatchObject({ ok: false, permanent: true });
    expect(smtp.received).toHaveLength(1);
  });

  it('tells a refusal that will not change (5xx) from one worth retrying (4xx, no server)', async () => {
    const smtp = await smtpServer({
      onRcptTo(address, _session, callback) {
        const error = new Error(
          address.address.startsWith('full') ? 'Mailbox full, try later' : 'No such user',
        ) as Error & { responseCode: number };
        error.responseCode = address.address.startsWith('full') ? 452 : 550;
        callback(error);
      },
    });
    servers.push(smtp.server);
    const mailer = createMailer(config(`smtp://127.0.0.1:${smtp.port}`));
    const unknown = await mailer.send({ ...reportEmail(report, 'http://x'), to: 'gone@x.org' });
    const full = await mailer.send({ ...reportEmail(report, 'http://x'), to: 'full@x.org' });
    mailer.close();
    expect(unknown).toMatchObject({ ok: false, permanent: true });
    expect(full).toMatchObject({ ok: false, permanent: false });

    // Nothing listens on the port any more: a network failure, worth a retry.
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    servers.pop();
    const offline = createMailer(config(`smtp://127.0.0.1:${smtp.port}`));
    const outcome = await offline.send(reportEmail(report, 'http://x'));
    offline.close();
    expect(outcome).toMatchObject({ ok: false, permanent: false });
  });
});

describe('what the emails say', () => {
  it('an alert names the amenity, the figures, the local time and the live view', () => {
    const message = alertEmail(
      {
        to: 'manager@willowcreek.example',
        communityName: 'Willow Creek HOA',
        timeZone: 'America/Los_Angeles',
        amenityId: 'grand-lake',
        amenityName: 'Grand Lake',
        message: 'Grand Lake is at 92% of capacity (46 of 50 people)',
        observedAt: Date.parse('2026-07-04T21:30:00Z'),
      },
      'https://hoa.example.org',
    );
    expect(message.subject).toBe('Grand Lake is at 92% of capacity (46 of 50 people)');
    expect(message.text).toContain('Grand Lake is at 92% of capacity (46 of 50 people).');
    expect(message.text).toContain('When: Sat, Jul 4, 2026, 2:30 PM PDT');
    expect(message.text).toContain(
      'Open the live view: https://hoa.example.org/analytics?amenity=grand-lake',
    );
    expect(message.attachments).toBeUndefined();
  });

  it('a weekly report’s subject reads as a sentence', () => {
    const weekly = reportEmail(
      { ...report, title: 'Usage report, week of 2026-11-16' },
      'https://hoa.example.org',
    );
    expect(weekly.subject).toBe('Your usage report, week of 2026-11-16 is ready');
  });

  it('a silence of one minute is "1 minute", and one under a minute is told in seconds', () => {
    expect(alertMessage('Tennis Court', { kind: 'silent', minutes: 1, intervals: 1 })).toBe(
      'No readings from Tennis Court for 1 minute (1.0 reporting intervals)',
    );
    expect(alertMessage('Tennis Court', { kind: 'silent', minutes: 0.2, intervals: 12.3 })).toBe(
      'No readings from Tennis Court for 12 seconds (12.3 reporting intervals)',
    );
  });

  it('a report states the coverage sentence it was archived with', () => {
    const message = reportEmail(
      {
        ...report,
        summary: {
          totalVisits: 5,
          periodDays: 31,
          coverage: {
            coveredMs: 1,
            totalMs: 2,
            text: 'Data for 30 d 17 h of 31 d; Grand Lake sensor silent Tue 13 Oct 02:00–09:00',
          },
        },
      },
      'http://x',
    );
    expect(message.text).toContain(
      'Data for 30 d 17 h of 31 d; Grand Lake sensor silent Tue 13 Oct 02:00–09:00.',
    );
  });

  it('a report covering every day says so', () => {
    const full = reportEmail(
      { ...report, summary: { totalVisits: 0, coveredDays: 31, periodDays: 31 } },
      'http://x',
    );
    expect(full.text).toContain('Data for all 31 days.');
  });

  it('file names keep to letters, digits and dashes', () => {
    expect(reportFileName('Usage report, week of 2026-11-16', '2026-11-16')).toBe(
      'usage-report-week-of-2026-11-16-2026-11-16.csv',
    );
    expect(reportFileName('../../etc', '2026-11-16')).toBe('etc-2026-11-16.csv');
  });
});

describe('GET /api/notifications/status', () => {
  it('says email is on only when the server has SMTP_URL', async () => {
    const pglite = BACKENDS[0];
    if (!pglite) throw new Error('no PGlite backend');
    const { db, drop } = await openTestDatabase(pglite);
    try {
      const community = await createTestCommunity(db);
      const clock = testClock('2026-11-23T12:00:00Z');
      const off = testApp(db, community, { clock: clock.now });
      expect((await off.get('/api/notifications/status')).json).toEqual({
        email: { configured: false },
      });
      const on = testApp(db, community, {
        clock: clock.now,
        email: emailConfigFromEnv({ SMTP_URL: 'smtp://mail.example.org:587' }),
      });
      expect((await on.get('/api/notifications/status')).json).toEqual({
        email: { configured: true },
      });
    } finally {
      await drop();
    }
  });
});
