import { languageOf } from '@app/shared/constants';
import { data, useParams } from 'react-router';
import { ConsentBanner, useConsent } from '#app/features/shell/components/consent';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';
import { loadPageWords } from '#app/lib/i18n';

// The consent banner's words: a visitor can land here first (an old link), and is asked here too.
await loadPageWords('publicShell');

/** Any path no route claims: a real 404 status with the translated not-found page. */
export function loader() {
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  const { lang } = useParams();
  const consent = useConsent();
  return (
    <>
      <NotFoundPage lang={languageOf(lang)} />
      <ConsentBanner choice={consent.choice} onSave={consent.save} />
    </>
  );
}

export default function NotFound() {
  return null;
}
