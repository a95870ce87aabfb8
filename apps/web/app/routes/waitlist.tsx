import { requireSession } from '#app/features/auth/lib/require-session';
import { WaitlistEntries } from '#app/features/waitlist/components/waitlist-entries';
import { useWords } from '#app/lib/words';
import type { Route } from './+types/waitlist';

/** /waitlist/: the client's waiting entries with the slots held for them, and leaving a list. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client']);
  return null;
}

export default function WaitlistPage() {
  const { t } = useWords();
  return (
    <>
      <title>{`${t('waitlist.pageTitle')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('waitlist.pageTitle')}</h1>
      <div className="mt-6 max-w-2xl">
        <WaitlistEntries />
      </div>
    </>
  );
}
