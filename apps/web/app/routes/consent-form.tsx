import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { ConsentEditor } from '#app/features/consent/components/consent-editor';
import type { Route } from './+types/consent-form';

/** /consent-form/ (providers): the telehealth consent and practice policy clients sign, versioned. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function ConsentFormPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('telehealthConsent.editor.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('telehealthConsent.editor.title')}</h1>
      <p className="mt-1 mb-6 max-w-3xl text-slate-600">{t('telehealthConsent.editor.intro')}</p>
      <ConsentEditor />
    </>
  );
}
