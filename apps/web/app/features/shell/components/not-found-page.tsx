import type { Language } from '@app/shared/constants';
import { paths } from '#app/lib/paths';
import { useWords } from '#app/lib/words';

export function NotFoundPage({ lang, kind = 'notFound' }: { lang: Language; kind?: 'notFound' | 'error' }) {
  const { t } = useWords();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <title>{`${t(kind === 'notFound' ? 'notFound.title' : 'errors.INTERNAL')} · ${t('nav.brand')}`}</title>
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        {kind === 'notFound' ? '404' : '500'}
      </p>
      <h1 className="text-2xl font-semibold">{t(kind === 'notFound' ? 'notFound.title' : 'errors.INTERNAL')}</h1>
      {kind === 'notFound' ? <p className="text-slate-600">{t('notFound.text')}</p> : null}
      <a
        href={paths.home(lang)}
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('notFound.home')}
      </a>
    </main>
  );
}
