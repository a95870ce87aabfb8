import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser } from '../../../test/factories.ts';
import { countries, providerProfiles, qualifications, states, workHistory } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { slugOf } from '../../platform/slug.ts';
import { yearsInPractice } from '../credentials/public-credentials.ts';

const clock = fixedClock('2027-03-10T12:00:00Z');
let t: TestApp;
let provider: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  provider = await makeListed(
    t,
    await createTestUser(t, { role: 'provider', firstName: 'Jean-Luc', lastName: 'Adébáyọ̀' }),
  );
  const approvedAt = new Date('2027-03-01T10:00:00Z');
  await t.deps.db.update(providerProfiles).set({ approvedAt }).where(eq(providerProfiles.userId, provider.id));
  const before = new Date('2027-02-20T10:00:00Z');
  const after = new Date('2027-03-05T10:00:00Z');
  await t.deps.db.insert(qualifications).values([
    {
      providerId: provider.id,
      type: 'license',
      body: 'MDCN',
      credentialNumber: 'MD/12-345',
      createdAt: before,
      updatedAt: before,
    },
    {
      providerId: provider.id,
      type: 'education',
      title: 'MSc Clinical Psychology, University of Ibadan',
      createdAt: before,
      updatedAt: before,
    },
    // Added after the approval: under review again, not shown until decided.
    {
      providerId: provider.id,
      type: 'license',
      body: 'HCPC',
      credentialNumber: 'PYL-99',
      createdAt: after,
      updatedAt: after,
    },
    { providerId: provider.id, type: 'association', title: 'NPA member', createdAt: before, updatedAt: before },
  ]);
  await t.deps.db.insert(workHistory).values([
    {
      providerId: provider.id,
      companyName: 'Lagos Hospital',
      jobTitle: 'Psychologist',
      startMonth: '2015-01-01',
      endMonth: '2019-12-01',
    },
    {
      providerId: provider.id,
      companyName: "Maya O'Patel Clinic",
      jobTitle: 'Therapist',
      startMonth: '2018-06-01',
      currentlyWorksHere: true,
    },
  ]);
  const us = await t.deps.db
    .select({ id: states.id, code: states.code })
    .from(states)
    .innerJoin(countries, eq(countries.id, states.countryId))
    .where(and(eq(countries.code, 'US')));
  const chosen = us.filter((state) => ['US-CA', 'US-NY'].includes(state.code)).map((state) => state.id);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/provider/license-states',
    headers: provider.headers,
    payload: { stateIdentifiers: chosen },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('a provider’s public page earns trust', () => {
  it('shows the verified badge, the approved licences and education, years in practice and licence states', async () => {
    const response = await t.app.inject({ url: `/api/providers/${provider.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({
      slug: 'jean-luc-adebayo',
      verified: true,
      licences: [{ body: 'MDCN', credentialNumber: 'MD/12-345' }],
      education: [{ title: 'MSc Clinical Psychology, University of Ibadan' }],
      // January 2015 to March 2027 with the overlap counted once: 147 months.
      yearsInPractice: 12,
      licenseStates: [
        { code: 'US-CA', name: 'California' },
        { code: 'US-NY', name: 'New York' },
      ],
    });
    expect(JSON.stringify(page)).not.toContain('HCPC');
    expect(JSON.stringify(page)).not.toContain('NPA member');
  });

  it('carries the slug on the directory card too', async () => {
    const list = (await t.app.inject({ url: '/api/providers?countryCode=NG' })).json();
    expect(list.data.find((card: { identifier: string }) => card.identifier === provider.id)?.slug).toBe(
      'jean-luc-adebayo',
    );
  });
});

describe('years in practice', () => {
  const now = new Date('2027-03-10T12:00:00Z');
  it('counts covered months once, an open job up to this month', () => {
    expect(yearsInPractice([], now)).toBeNull();
    expect(yearsInPractice([{ startMonth: '2026-05-01', endMonth: null, currentlyWorksHere: true }], now)).toBe(0);
    expect(yearsInPractice([{ startMonth: '2026-04-01', endMonth: null, currentlyWorksHere: true }], now)).toBe(1);
    expect(
      yearsInPractice(
        [
          { startMonth: '2010-01-01', endMonth: '2011-12-01', currentlyWorksHere: false },
          { startMonth: '2011-01-01', endMonth: '2012-12-01', currentlyWorksHere: false },
          { startMonth: '2020-01-01', endMonth: '2020-12-01', currentlyWorksHere: false },
        ],
        now,
      ),
    ).toBe(4);
  });
});

describe('URL slugs', () => {
  it('transliterate names of any script into readable words', () => {
    expect(slugOf("Maya O'Patel")).toBe('maya-o-patel');
    expect(slugOf('Jürgen Groß')).toBe('jurgen-gross');
    expect(slugOf('Маша Петрова')).toBe('masha-petrova');
    expect(slugOf('王小明')).toBe('wang-xiao-ming');
    expect(slugOf('Dr. Chukwuemeka Ọ̀kọ́')).toBe('dr-chukwuemeka-oko');
    expect(slugOf('!!!')).toBe('');
    expect(slugOf(`${'a'.repeat(40)} ${'b'.repeat(40)}`)).toBe('a'.repeat(40));
  });
});
