import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { fixedClock } from '../../platform/clock.ts';
import { directoryProvider, searchNames } from './test-support.ts';

/**
 * Free text over what providers offer: bios here never name their options, so each hit comes
 * from the option's English or German name or a synonym.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  await directoryProvider(t, {
    firstName: 'Adaeze',
    lastName: "O'Neil-Okafor",
    bio: 'Warm and practical sessions.',
    options: {
      language: ['yo'],
      therapyApproach: ['cbt'],
      specialities: ['anxiety'],
      therapy: ['individual-therapy'],
    },
  });
  await directoryProvider(t, {
    firstName: 'Chidi',
    lastName: 'Nwa-Eze',
    bio: 'Calm and steady.',
    options: {
      language: ['ig'],
      therapyApproach: ['psychodynamic'],
      specialities: ['burnout'],
      therapy: ['couples-therapy'],
    },
  });
  await directoryProvider(t, {
    firstName: 'Jürgen',
    lastName: 'Müller-Lüdenscheidt',
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
    bio: 'Ruhig und klar.',
    options: {
      language: ['de'],
      therapyApproach: ['mindfulness-based'],
      specialities: ['depression'],
      therapy: ['family-therapy'],
    },
  });
  // Writes about anxiety in the bio only: found too, ranked below the one who offers it.
  await directoryProvider(t, {
    firstName: 'Bola',
    lastName: 'Ade',
    bio: 'Sometimes clients mention anxiety.',
    options: { language: ['en'] },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const found = (text: string, extra = '') => searchNames(t, `q=${encodeURIComponent(text)}${extra}`);

describe('free text over concerns, approaches, therapies and languages', () => {
  it.each([
    ['Yoruba', ["Adaeze O'Neil-Okafor"]],
    ['Igbo', ['Chidi Nwa-Eze']],
    ['burnout', ['Chidi Nwa-Eze']],
    ['Erschöpfung', ['Chidi Nwa-Eze']],
    ['Angst', ["Adaeze O'Neil-Okafor"]],
    ['Ängste', ["Adaeze O'Neil-Okafor"]],
    ['anxious', ["Adaeze O'Neil-Okafor"]],
    ['CBT', ["Adaeze O'Neil-Okafor"]],
    ['Verhaltenstherapie', ["Adaeze O'Neil-Okafor"]],
    ['kognitive', ["Adaeze O'Neil-Okafor"]],
    ['Psychodynamic', ['Chidi Nwa-Eze']],
    ['psychodynamische', ['Chidi Nwa-Eze']],
    ['mindfulness', ['Jürgen Müller-Lüdenscheidt']],
    ['Achtsamkeit', ['Jürgen Müller-Lüdenscheidt']],
    ['depression', ['Jürgen Müller-Lüdenscheidt']],
    ['Depressionen', ['Jürgen Müller-Lüdenscheidt']],
    ['Paartherapie', ['Chidi Nwa-Eze']],
    ['couples', ['Chidi Nwa-Eze']],
    ['marriage', ['Chidi Nwa-Eze']],
    ['Familientherapie', ['Jürgen Müller-Lüdenscheidt']],
    ['Deutsch', ['Jürgen Müller-Lüdenscheidt']],
    ['Einzeltherapie', ["Adaeze O'Neil-Okafor"]],
  ])('“%s” finds who offers it', async (text, expected) => {
    expect(await found(text)).toEqual(expected);
  });

  it('ranks who offers a concern above who only mentions it', async () => {
    expect(await found('anxiety')).toEqual(["Adaeze O'Neil-Okafor", 'Bola Ade']);
  });

  it('needs every word: one naming an option and one a name', async () => {
    expect(await found('Yoruba Adaeze')).toEqual(["Adaeze O'Neil-Okafor"]);
    expect(await found('Yoruba burnout')).toEqual([]);
    expect(await found('Igbo Burnout Paartherapie')).toEqual(['Chidi Nwa-Eze']);
  });

  it('ignores stop words and keeps filters', async () => {
    expect(await found('anxiety and the CBT')).toEqual(["Adaeze O'Neil-Okafor"]);
    expect(await found('anxiety', '&countryCode=DE')).toEqual([]);
    expect(await found('Achtsamkeit', '&countryCode=DE&sort=rating')).toEqual(['Jürgen Müller-Lüdenscheidt']);
  });

  it('finds in German pages the same as in English ones', async () => {
    const german = await searchNames(t, 'q=Angst', { 'accept-language': 'de' });
    expect(german).toEqual(["Adaeze O'Neil-Okafor"]);
  });
});
