import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createProvider } from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import {
  preferenceOptions,
  providerDirectory,
  providerLicenseStates,
  providerProfiles,
  states,
  userPreferences,
  users,
} from '../../db/schema/index.ts';
import { rawRows } from '../../platform/prepared.ts';

/** Test helpers of the directory module (not used by the app). */

export interface DirectoryProviderSetup {
  firstName: string;
  lastName: string;
  countryCode?: string;
  timezone?: string;
  /** A state code of the provider's country (users.state_id). */
  state?: string;
  gender?: 'female' | 'male' | 'non-binary';
  religion?: string;
  headline?: string;
  bio?: string;
  /** General fee in minor units of the country's currency (null: none). */
  fee?: number | null;
  /** Preference options chosen, by list and key. */
  options?: Record<string, string[]>;
  /** US states licensed in, by code. */
  licensed?: string[];
  /** Weekdays worked (default Monday to Friday); [] for none. */
  days?: number[];
}

/** An approved provider with a calendar and a fee (through the API), then profile fields written as the profile screens would. */
export async function directoryProvider(t: TestApp, setup: DirectoryProviderSetup): Promise<TestUser> {
  const provider = await createProvider(t, {
    firstName: setup.firstName,
    lastName: setup.lastName,
    countryCode: setup.countryCode ?? 'NG',
    timezone: setup.timezone ?? 'Africa/Lagos',
    fee: setup.fee === undefined ? 1_500_000 : setup.fee,
    days: setup.days,
  });
  const { db } = t.deps;
  const [state] = setup.state
    ? await db.select({ id: states.id }).from(states).where(eq(states.code, setup.state))
    : [];
  const [religion] = setup.religion
    ? await db
        .select({ id: preferenceOptions.id })
        .from(preferenceOptions)
        .where(and(eq(preferenceOptions.list, 'religion'), eq(preferenceOptions.key, setup.religion)))
    : [];
  await db
    .update(users)
    .set({ stateId: state?.id ?? null, gender: setup.gender ?? null, religionId: religion?.id ?? null })
    .where(eq(users.id, provider.id));
  await db
    .update(providerProfiles)
    .set({ headline: setup.headline ?? null, bio: setup.bio ?? null, title: 'Dr' })
    .where(eq(providerProfiles.userId, provider.id));
  if (setup.options) await savePreferences(t, provider, setup.options);
  if (setup.licensed) {
    const rows = await db.select({ id: states.id }).from(states).where(inArray(states.code, setup.licensed));
    await db.insert(providerLicenseStates).values(rows.map((row) => ({ providerId: provider.id, stateId: row.id })));
  }
  return provider;
}

/** The names of a search's answer, in order. */
export async function searchNames(t: TestApp, query: string, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await t.app.inject({ url: `/api/providers?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((item: { name: string }) => item.name);
}

/** PUT /provider/preferences with options named by list and key (lists not named are left as they are). */
export async function savePreferences(t: TestApp, provider: TestUser, options: Record<string, string[]>) {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/provider/preferences',
    headers: provider.headers,
    payload: await preferencesPayload(t, options),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The body of PUT /provider/preferences: option ids by list, from keys. */
export async function preferencesPayload(t: TestApp, options: Record<string, string[]>) {
  const payload: Record<string, string[]> = {};
  for (const [list, keys] of Object.entries(options)) {
    const rows =
      keys.length === 0
        ? []
        : await t.deps.db
            .select({ id: preferenceOptions.id })
            .from(preferenceOptions)
            .where(and(eq(preferenceOptions.list, list), inArray(preferenceOptions.key, keys)));
    payload[list] = rows.map((row) => row.id);
  }
  return payload;
}

/** The directory's copy of a provider's options and the options their preference rows hold, both sorted. */
export async function keptAndChosenOptions(t: TestApp, providerId: string) {
  const [row] = await t.deps.db
    .select({ optionIds: providerDirectory.optionIds })
    .from(providerDirectory)
    .where(eq(providerDirectory.providerId, providerId));
  const chosen = await t.deps.db
    .select({ id: userPreferences.optionId })
    .from(userPreferences)
    .where(eq(userPreferences.userId, providerId));
  return { kept: [...(row?.optionIds ?? [])].sort(), chosen: chosen.map((option) => option.id).sort() };
}

/**
 * The plan of an index walk the search relies on, with sequential and bitmap scans priced out
 * (a test's tables are small, so either would win there): answers its text.
 */
export async function walkPlan(t: TestApp, query: SQL): Promise<string> {
  const plan = await t.deps.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    return rawRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`);
  });
  return plan.map((row) => row['QUERY PLAN']).join('\n');
}
