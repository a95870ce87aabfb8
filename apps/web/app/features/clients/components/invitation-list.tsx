import type { ClientInvitation, InvitationDecision } from '@app/shared/schemas/clients';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { shortDateOf } from '#app/lib/format';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { PersonAvatar } from '#app/ui/person-avatar';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useAnswerInvitation } from '../api/answer-invitation';
import { useInvitations } from '../api/list-invitations';
import { clientName } from './client-name';

/**
 * The signed-in client's open invitations: each therapist by name and picture, with Accept and
 * Decline. Until the client accepts, the therapist sees nothing of their account.
 */
export function InvitationList() {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  const invitations = useInvitations();
  const answer = useAnswerInvitation();
  const toast = useToast();
  const respond = async (invitation: ClientInvitation, decision: InvitationDecision) => {
    try {
      const result = await answer.mutateAsync({ id: invitation.identifier, decision });
      toast.success(result.message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('common.failedToLoad'));
    }
  };
  if (invitations.isPending) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner />
      </div>
    );
  }
  if (invitations.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-sm">
        <p role="alert">{t('clients.invitations.loadFailed')}</p>
        <Button variant="secondary" onClick={() => invitations.refetch()}>
          {t('profileScreens.retry')}
        </Button>
      </div>
    );
  }
  const rows = invitations.data.data;
  if (rows.length === 0) {
    return <p className="rounded-xl bg-slate-50 p-6 text-sm text-slate-700">{t('clients.invitations.empty')}</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {rows.map((invitation) => {
        const name = clientName({ ...invitation.provider, email: null });
        const busy = answer.isPending && answer.variables?.id === invitation.identifier;
        return (
          <li key={invitation.identifier} className="flex flex-wrap items-center gap-3 p-4 sm:flex-nowrap">
            <PersonAvatar name={name} photo={invitation.provider.photoUrl} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold text-ink">
                {[invitation.provider.title, name].filter(Boolean).join(' ')}
              </p>
              <p className="text-sm text-slate-600">
                {t('clients.invitations.invitedOn', {
                  date: zone ? shortDateOf(invitation.invitedAt, zone, i18n.language) : '',
                })}
              </p>
            </div>
            <div className="flex w-full gap-2 sm:w-auto">
              <Button
                disabled={busy}
                onClick={() => respond(invitation, 'accept')}
                aria-label={`${t('clients.invitations.accept')}: ${name}`}
              >
                {t('clients.invitations.accept')}
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => respond(invitation, 'decline')}
                aria-label={`${t('clients.invitations.decline')}: ${name}`}
              >
                {t('clients.invitations.decline')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
