import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { Mailbox } from '#app/features/mailbox/components/mailbox';
import type { Route } from './+types/dev-mailbox';

/** /dev/mailbox/: the development outbox (DESIGN.md §5), only with development tools on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.services.devTools) throw data(null, { status: 404 });
  return { to: new URL(request.url).searchParams.get('to') ?? '' };
}

export function headers(): HeadersInit {
  return { 'Cache-Control': 'no-store' };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${t('mailbox.title')} · ${t('nav.brand')}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold">{t('mailbox.title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t('mailbox.intro')}</p>
      <Mailbox initialTo={loaderData.to} />
    </main>
  );
}
