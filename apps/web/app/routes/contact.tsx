import { type Language, languageOf } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '#app/features/contact/components/contact-form';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { PageLinks } from '#app/ui/page-links';
import type { Route } from './+types/contact';

export async function loader({ params, context }: Route.LoaderArgs) {
  const lang: Language = languageOf(params.lang);
  return { lang, publicUrl: context.services.directory.publicUrl };
}

/** /contact/ (public): the contact form; the team answers by email. */
export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-14">
      <title>{`${t('contactScreens.title')} · ${t('nav.brand')}`}</title>
      <meta name="description" content={t('contactScreens.intro')} />
      <PageLinks publicUrl={loaderData.publicUrl} lang={lang} page={paths.contact} />
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('contactScreens.title')}</h1>
        <p className="mt-2 text-slate-700">{t('contactScreens.intro')}</p>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <ContactForm />
        </div>
      </div>
    </main>
  );
}
