import { randomUUID } from 'node:crypto';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { eq } from 'drizzle-orm';
import { authSessions, countries, providerProfiles, users } from '../src/db/schema/index.ts';
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
