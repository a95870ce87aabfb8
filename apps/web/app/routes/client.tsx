import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { BookingDialogs } from '#app/features/bookings/components/booking-dialogs';
import { BOOKING_MODALS } from '#app/features/bookings/lib/modals';
import { useClientProfile, useClientRelation } from '#app/features/clients/api/get-client';
import { useClientSessions } from '#app/features/clients/api/list-client-sessions';
import { clientName } from '#app/features/clients/components/client-name';
import { ClientOverview } from '#app/features/clients/components/client-overview';
import { ClientSessions } from '#app/features/clients/components/client-sessions';
import { ClientConsentState } from '#app/features/consent/components/client-consent-state';
import { AutoAssignments } from '#app/features/forms/components/auto-assignments';
import { FormsOverview } from '#app/features/forms/components/forms-overview';
import { ProgressCharts } from '#app/features/forms/components/progress-charts';
import { MessageButton } from '#app/features/messages/components/message-button';
import { ClientNotes } from '#app/features/notes/components/client-notes';
import { NoteDialogs } from '#app/features/notes/components/note-dialogs';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import type { Route } from './+types/client';

/**
 * /client/{id}/ (providers, SPEC.md §2 "/client(/...)"): one of their clients: profile, sessions,
 * questionnaires (progress chart, submissions, send one now), notes with their filters and dialogs, "Message" and "Book a session". Not their client: 404.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function ClientPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const session = useSession();
  const modals = useModals();
  const profile = useClientProfile(params.id);
  const relation = useClientRelation(params.id);
  const sessions = useClientSessions(params.id);

  const missing = [profile, relation].some(
    (query) => query.isError && query.error instanceof ApiError && query.error.status === 404,
  );
  if (missing) return <NotFoundPage lang={lang} />;

  // Notes hang on a session: every session of a series line counts, not just the one standing for it.
  const noteSessions = (sessions.data?.data ?? [])
    .flatMap((line) => line.seriesSessions ?? [line])
    .map((booking) => ({
      identifier: booking.identifier,
      startAt: booking.startAt,
    }));

  return (
    <>
      <title>{`${profile.data ? clientName(profile.data) : t('clients.title')} · ${t('nav.brand')}`}</title>
      <Link to={paths.clients(lang)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        ← {t('clients.page.back')}
      </Link>
      <div className="mt-4 flex flex-col gap-6">
        <LoadGate query={profile}>
          {(found) => (
            <LoadGate query={relation}>
              {(rel) => (
                <ClientOverview
                  profile={found}
                  relation={rel}
                  messageButton={
                    rel.userIdentifier ? (
                      <MessageButton
                        userIdentifier={rel.userIdentifier}
                        threadPath={(id) => innerPaths.messageThread(lang, id)}
                      />
                    ) : null
                  }
                  onBook={() =>
                    rel.userIdentifier && session
                      ? modals.open(BOOKING_MODALS.bookForClient, {
                          target: {
                            client: { identifier: rel.userIdentifier, name: clientName(found) },
                            providerIdentifier: session.userId,
                          },
                        })
                      : undefined
                  }
                />
              )}
            </LoadGate>
          )}
        </LoadGate>
        <ClientConsentState clientUserId={relation.data?.userIdentifier ?? null} />
        <ClientSessions clientId={params.id} />
        {relation.data?.userIdentifier ? (
          <>
            <ProgressCharts clientId={relation.data.userIdentifier} />
            <FormsOverview clientId={relation.data.userIdentifier} />
            <AutoAssignments clientId={relation.data.userIdentifier} />
          </>
        ) : null}
        <ClientNotes clientId={params.id} sessions={noteSessions} />
      </div>
      <NoteDialogs />
      <BookingDialogs party="provider" />
    </>
  );
}
