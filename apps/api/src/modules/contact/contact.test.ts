import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { contactMessages, emails } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { DEFAULT_RATE_LIMITS } from '../../platform/rate-limits.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    config: { OPERATOR_EMAIL: 'care@therapyhub.test' },
  });
});
afterAll(() => t.close());

const valid = {
  firstName: 'Amaka',
  lastName: 'Nwosu',
  email: 'Amaka@Example.test',
  phoneNumber: '+234 (0) 801-234-5678'.replace(/ /g, ''),
  message: 'Do you have therapists who speak Igbo? <b>Thanks</b>',
};
const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, headers, remoteAddress: ip });
const mailTo = (address: string) =>
  t.deps.db.select().from(emails).where(eq(emails.to, address.toLowerCase())).orderBy(desc(emails.createdAt));

describe('POST /contact', () => {
  it('stores the message, emails the operators and confirms to the sender in their language', async () => {
    const response = await send({ ...valid }, { 'x-language': 'de' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('Danke für deine Nachricht. Wir melden uns bald bei dir.');
    const [row] = await t.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.json().identifier));
    expect(row).toMatchObject({
      firstName: 'Amaka',
      lastName: 'Nwosu',
      email: 'Amaka@Example.test',
      // Stored normalized: E.164, the trunk 0 in brackets dropped.
      phoneNumber: '+2348012345678',
      language: 'de',
      userId: null,
    });
    const [operators] = await mailTo('care@therapyhub.test');
    expect(operators).toMatchObject({
      subject: 'Contact form: Amaka Nwosu',
      language: 'en',
      template: 'contact.operators',
    });
    expect(operators?.text).toContain('Do you have therapists who speak Igbo?');
    expect(operators?.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(operators?.html).not.toContain('<b>Thanks');
    const [confirmation] = await mailTo('amaka@example.test');
    expect(confirmation).toMatchObject({ subject: 'Wir haben deine Nachricht erhalten', language: 'de' });
    expect(confirmation?.text).toContain('Hallo Amaka,');
  });

  it('answers with SPEC.md’s rules and stores nothing for bad input', async () => {
    const before = (await t.deps.db.select().from(contactMessages)).length;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...valid, firstName: '' }, { firstName: ['This field is required'] }],
      [{ ...valid, lastName: undefined }, { lastName: ['This field is required'] }],
      [{ ...valid, email: 'not-an-email' }, { email: ['Enter a valid email address'] }],
      [{ ...valid, message: '   ' }, { message: ['This field is required'] }],
      [{ ...valid, phoneNumber: '0801 234 5678 ext 9' }, { phoneNumber: ['Use digits, spaces and ( ) + - . / only'] }],
      [{ ...valid, phoneNumber: '080123' }, { phoneNumber: ['Phone number must be 10 to 32 characters'] }],
      [{ ...valid, phoneNumber: '1'.repeat(33) }, { phoneNumber: ['Phone number must be 10 to 32 characters'] }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const response = await send(payload, {}, '10.9.0.2');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors).toEqual(fieldErrors);
    }
    expect((await t.deps.db.select().from(contactMessages)).length).toBe(before);
    // The phone is optional.
    const withoutPhone = await send({ ...valid, phoneNumber: '', email: 'no.phone@example.test' }, {}, '10.9.0.3');
    expect(withoutPhone.statusCode).toBe(201);
  });

  it('links a signed-in sender and limits senders per address and per IP', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const signedIn = await send({ ...valid, email: client.email }, client.headers, '10.9.0.4');
    expect(signedIn.statusCode).toBe(201);
    const [row] = await t.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, signedIn.json().identifier));
    expect(row?.userId).toBe(client.id);

    const { contactPerEmail, contactPerIp } = DEFAULT_RATE_LIMITS;
    const answers = [];
    for (let index = 0; index < contactPerEmail.max; index++) {
      answers.push((await send({ ...valid, email: 'flood@example.test' }, {}, `10.9.1.${index}`)).statusCode);
    }
    expect(answers.every((status) => status === 201)).toBe(true);
    const limited = await send({ ...valid, email: 'flood@example.test' }, {}, '10.9.1.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const perIp = [];
    for (let index = 0; index <= contactPerIp.max; index++) {
      perIp.push((await send({ ...valid, email: `ip${index}@example.test` }, {}, '10.9.2.1')).statusCode);
    }
    expect(perIp).toEqual([...Array(contactPerIp.max).fill(201), 429]);
  });
});

describe('GET /admin/contact-messages', () => {
  it('lists messages newest first for admins only', async () => {
    clock.advance(60_000);
    const latest = await send({ ...valid, firstName: 'Latest', email: 'latest@example.test' }, {}, '10.9.3.1');
    expect(latest.statusCode).toBe(201);
    const admin = await createTestUser(t, { role: 'admin' });
    const response = await t.app.inject({ url: '/api/admin/contact-messages?perPage=2', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ page: 1, perPage: 2 });
    expect(response.json().meta.total).toBeGreaterThanOrEqual(9);
    expect(response.json().data[0]).toMatchObject({
      identifier: latest.json().identifier,
      firstName: 'Latest',
      language: 'en',
      userIdentifier: null,
      createdAt: '2027-03-01T09:01:00.000Z',
    });
    const client = await createTestUser(t, { role: 'client' });
    expect((await t.app.inject({ url: '/api/admin/contact-messages', headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/contact-messages' })).statusCode).toBe(401);
  });
});
