import { randomUUID } from 'node:crypto';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { eq } from 'drizzle-orm';
import { authSessions, countries, indemnityInsurances, providerProfiles, users } from '../src/db/schema/index.ts';
import { signAccessToken } from '../src/platform/tokens.ts';
import type { TestApp } from './build-test-app.ts';

export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
  sessionId: string;
  token: string;
  headers: { authorization: string };
}

export interface CreateTestUserOptions {
  role?: UserRole;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  countryCode?: string;
  timezone?: string;
  language?: 'en' | 'de';
  passwordHash?: string | null;
  /** Providers only: verification status (default approved). */
  verificationStatus?: 'draft' | 'submitted' | 'approved' | 'rejected';
}

/** A verified user with a live session and a signed access token, written straight to the database. */
export async function createTestUser(t: TestApp, options: CreateTestUserOptions = {}): Promise<TestUser> {
  const { db, config, clock } = t.deps;
  const role = options.role ?? 'client';
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.code, options.countryCode ?? 'NG'));
  const [user] = await db
    .insert(users)
    .values({
      email,
      role,
      passwordHash: options.passwordHash ?? null,
      firstName: options.firstName === undefined ? 'Test' : options.firstName,
      lastName: options.lastName === undefined ? 'User' : options.lastName,
      countryId: country?.id ?? null,
      timezone: options.timezone ?? 'Africa/Lagos',
      language: options.language ?? 'en',
      emailVerifiedAt: clock.now(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  if (role === 'provider') {
    await db.insert(providerProfiles).values({
      userId: user.id,
      verificationStatus: options.verificationStatus ?? 'approved',
      approvedAt: (options.verificationStatus ?? 'approved') === 'approved' ? clock.now() : null,
    });
    // An approved provider had a current insurance to be approved (the listing rule); a year's cover.
    if ((options.verificationStatus ?? 'approved') === 'approved') {
      await db.insert(indemnityInsurances).values({
        providerId: user.id,
        storageKey: `test/insurance/${randomUUID()}.pdf`,
        filename: 'insurance.pdf',
        contentType: 'application/pdf',
        sizeBytes: 1024,
        expiresOn: new Date(clock.now().getTime() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10),
      });
    }
  }
  const sessionId = await createTestSession(t, user.id);
  const token = await signAccessToken(
    { secret: config.APP_SECRET, ttlSeconds: config.ACCESS_TOKEN_TTL, now: clock.now() },
    { userId: user.id, role, sessionId },
  );
  return { id: user.id, email, role, sessionId, token, headers: { authorization: `Bearer ${token}` } };
}

export async function createTestSession(t: TestApp, userId: string): Promise<string> {
  const now = t.deps.clock.now();
  const [session] = await t.deps.db
    .insert(authSessions)
    .values({ userId, expiresAt: new Date(now.getTime() + 30 * 24 * 3600 * 1000) })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('session insert failed');
  return session.id;
}

/**
 * Gives a test provider what the listing rule asks besides approval: weekday hours 09:00–17:00
 * and a general fee, saved through the API as the screens would, and a year's insurance when
 * none is on file.
 */
export async function makeListed(t: TestApp, provider: TestUser, fee = 1_000_000): Promise<TestUser> {
  const [insured] = await t.deps.db
    .select({ id: indemnityInsurances.id })
    .from(indemnityInsurances)
    .where(eq(indemnityInsurances.providerId, provider.id));
  if (!insured) {
    await t.deps.db.insert(indemnityInsurances).values({
      providerId: provider.id,
      storageKey: `test/insurance/${randomUUID()}.pdf`,
      filename: 'insurance.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1024,
      expiresOn: new Date(t.deps.clock.now().getTime() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10),
    });
  }
  const hours = await t.app.inject({
    method: 'POST',
    url: '/api/provider-availability/days/recurring',
    headers: provider.headers,
    payload: {
      days: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) =>
        dayOfWeek <= 5
          ? { dayOfWeek, isAvailable: true, timeslotIntervals: [{ startTime: '09:00', endTime: '17:00' }] }
          : { dayOfWeek, isAvailable: false },
      ),
    },
  });
  if (hours.statusCode !== 200) throw new Error(`hours: ${hours.body}`);
  const priced = await t.app.inject({
    method: 'POST',
    url: '/api/provider/booking-fee/general',
    headers: provider.headers,
    payload: { fee, isFree: false },
  });
  if (priced.statusCode !== 200) throw new Error(`fee: ${priced.body}`);
  return provider;
}

/**
 * The text with its last `count` characters replaced by different ones, so a signature or token is
 * always changed (a fixed replacement equals the original now and then, and the test passes by luck).
 */
export function tamperedTail(text: string, count = 3): string {
  const tail = [...text.slice(-count)].map((character) => (character === 'A' ? 'B' : 'A')).join('');
  return `${text.slice(0, -count)}${tail}`;
}
