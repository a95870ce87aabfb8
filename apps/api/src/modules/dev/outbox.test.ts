import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { fixedClock } from '../../platform/clock.ts';
import { confirmedSession, sessionPair } from '../notifications/test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z'), config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
});
afterAll(() => t.close());

describe('development outbox', () => {
  it('lists an email with its attachments and serves each attachment', async () => {
    const pair = await sessionPair(t);
    await confirmedSession(t, pair, '2027-03-03');
    const listed = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(pair.provider.email)}` });
    expect(listed.statusCode).toBe(200);
    const [mail] = listed.json();
    expect(mail).toMatchObject({ template: 'bookings.bookingConfirmed', subject: 'New session booked' });
    expect(mail.attachments).toEqual([
      {
        filename: 'session.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        size: expect.any(Number),
        url: `/api/dev/outbox/${mail.identifier}/attachments/0`,
      },
    ]);
    const file = await t.app.inject({ url: mail.attachments[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(file.headers['content-disposition']).toBe('attachment; filename="session.ics"');
    expect(file.body).toContain('BEGIN:VCALENDAR');
    expect(file.body.length).toBe(mail.attachments[0].size);
    expect((await t.app.inject({ url: `/api/dev/outbox/${mail.identifier}/attachments/3` })).statusCode).toBe(404);
    const html = await t.app.inject({ url: `/api/dev/outbox/${mail.identifier}/html` });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain("script-src 'none'");
    expect(html.body).toContain(mail.html);
  });

  it('is not there without development tools', async () => {
    const production = await buildTestApp({ config: { DEV_TOOLS: false } });
    try {
      expect((await production.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
