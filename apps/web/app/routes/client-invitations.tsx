import { useTranslation } from 'react-i18next';
import { getQueryClient } from '#app/api/query-client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { invitationsQuery } from '#app/features/clients/api/list-invitations';
import { InvitationList } from '#app/features/clients/components/invitation-list';
import type { Route } from './+types/client-invitations';

/** /client-invitations/: a client accepts or declines therapists who want to add them as a client. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client']);
  await getQueryClient().ensureQueryData(invitationsQuery());
  return null;
}

export default function ClientInvitations() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('clients.invitations.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('clients.invitations.title')}</h1>
      <p className="mt-1 mb-6 max-w-2xl text-slate-600">{t('clients.invitations.intro')}</p>
      <InvitationList />
    </>
  );
}
