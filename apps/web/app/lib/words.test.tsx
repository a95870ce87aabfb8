// @vitest-environment node
import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useWords, WordsProvider } from './words';

/** An instance that counts the texts i18next resolves (a post-processor runs once per resolution). */
function countingInstance(): { i18n: I18n; resolved: () => number } {
  let count = 0;
  const i18n = i18next.createInstance();
  i18n
    .use({
      type: 'postProcessor',
      name: 'count',
      process: (value: string) => {
        count += 1;
        return value;
      },
    })
    .init({
      lng: 'en',
      initAsync: false,
      postProcess: ['count'],
      interpolation: { escapeValue: false },
      resources: {
        en: {
          translation: {
            plain: 'Find a therapist',
            greeting: 'Hello, {{name}}',
            providers_one: '{{count}} provider',
            providers_other: '{{count}} providers',
          },
        },
      },
    });
  return { i18n, resolved: () => count };
}

function Texts({ name, count }: { name: string; count: number }) {
  const { t } = useWords();
  return <p>{[t('plain'), t('greeting', { name }), t('providers', { count }), t('plain')].join(' · ')}</p>;
}

const render = (i18n: I18n, name: string, count: number) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <WordsProvider>
        <Texts name={name} count={count} />
      </WordsProvider>
    </I18nextProvider>,
  );

describe('useWords on the server', () => {
  it('resolves a key with the same options once across renders, each option value apart', () => {
    const { i18n, resolved } = countingInstance();
    const first = render(i18n, 'Jürgen Groß', 1);
    expect(first).toContain('Find a therapist · Hello, Jürgen Groß · 1 provider · Find a therapist');
    expect(resolved()).toBe(3);
    expect(render(i18n, 'Jürgen Groß', 1)).toBe(first);
    expect(resolved()).toBe(3);
    expect(render(i18n, 'Adaeze O’Neil-Okafor', 12)).toContain('Hello, Adaeze O’Neil-Okafor · 12 providers');
    expect(resolved()).toBe(5);
  });

  it('forgets what it kept when words are added', () => {
    const { i18n } = countingInstance();
    expect(render(i18n, '李小龍', 2)).toContain('Find a therapist');
    i18n.addResourceBundle('en', 'translation', { plain: 'Find a counsellor' }, true, true);
    expect(render(i18n, '李小龍', 2)).toContain('Find a counsellor · Hello, 李小龍');
  });

  it('does not keep a text whose options hold an object', () => {
    const { i18n, resolved } = countingInstance();
    const { t } = (() => {
      let words: ReturnType<typeof useWords> | undefined;
      function Grab() {
        words = useWords();
        return null;
      }
      renderToString(
        <I18nextProvider i18n={i18n}>
          <WordsProvider>
            <Grab />
          </WordsProvider>
        </I18nextProvider>,
      );
      if (!words) throw new Error('no words');
      return words;
    })();
    t('greeting', { name: 'Zoë', replace: { name: 'Zoë' } });
    t('greeting', { name: 'Zoë', replace: { name: 'Zoë' } });
    expect(resolved()).toBe(2);
  });
});
