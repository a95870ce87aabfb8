import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '#test/render';
import { SearchCount } from './search-count';

const line = (language: 'en' | 'de', total: number, moreThanTotal: boolean) =>
  renderToString(
    <I18nextProvider i18n={testI18n(language)}>
      <SearchCount total={total} moreThanTotal={moreThanTotal} />
    </I18nextProvider>,
  ).replace(/<[^>]+>/g, '');

describe('the directory’s count line', () => {
  it('says how many therapists match', () => {
    expect(line('en', 1, false)).toBe('1 therapist');
    expect(line('en', 240, false)).toBe('240 therapists');
    expect(line('de', 240, false)).toBe('240 Therapeut:innen');
    expect(line('en', 1000, false)).toBe('1,000 therapists');
    expect(line('de', 1000, false)).toBe('1.000 Therapeut:innen');
  });

  it('says "more than" the limit when the count stopped there, in the reader’s numbers', () => {
    expect(line('en', 1000, true)).toBe('More than 1,000 therapists');
    expect(line('de', 1000, true)).toBe('Mehr als 1.000 Therapeut:innen');
  });
});
