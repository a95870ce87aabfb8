import { languageOf } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { QueryProvider } from '#app/api/query-client';
import { HeaderAccountLinks } from '#app/features/auth/components/header-account-links';
import { requireSession } from '#app/features/auth/lib/require-session';
import { DELETE_MESSAGE_MODAL } from '#app/features/messages/components/delete-message-dialog';
import { MessagesLive } from '#app/features/messages/components/messages-live';
import { ThreadView } from '#app/features/messages/components/thread-view';
import { useRoom } from '#app/features/session-room/api/get-room';
import { SessionRoomScreen } from '#app/features/session-room/components/session-room-screen';
import { Header } from '#app/features/shell/components/header';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';
import { ensureCatalog } from '#app/lib/i18n';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import type { Route } from './+types/session-room';

/**
 * /session/{id}/: the private video room of a booking, for its client and its provider only
 * (anyone else: not found). Full width, outside the signed-in area's side navigation; the text
 * panel is the booking's conversation (the messages feature's thread, kept live).
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  // Outside the signed-in layout: load the words of the signed-in pages (the room's among them) here.
  await Promise.all([
    requireSession(request, ['client', 'provider']),
    ensureCatalog(languageOf(params.lang), 'public', 'app'),
  ]);
  return null;
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}

/** Outside the signed-in layout: the room's own query cache provider. */
export default function SessionRoomPage(props: Route.ComponentProps) {
  return (
    <QueryProvider>
      <SessionRoom {...props} />
    </QueryProvider>
  );
}

function SessionRoom({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const session = useSession();
  const room = useRoom(params.bookingId);
  const binding = useModalBinding(DELETE_MESSAGE_MODAL);
  const modals = useModals();
  const notFound = room.error instanceof ApiError && room.error.status === 404;
  return (
    <>
      <Header accountLinks={<HeaderAccountLinks />} />
      <MessagesLive />
      {notFound ? (
        <NotFoundPage lang={lang} />
      ) : (
        <main id="main" className="mx-auto max-w-6xl px-4 py-6">
          <SessionRoomScreen
            bookingId={params.bookingId}
            detailsPath={innerPaths.appointment(lang, params.bookingId)}
            consentPath={innerPaths.appointmentConsent(lang, params.bookingId)}
            renderNotFound={() => <p>{t('notFound.title')}</p>}
            renderChat={(conversationId) => (
              <ThreadView
                conversationId={conversationId}
                viewerId={session?.userId ?? ''}
                language={lang}
                backPath={innerPaths.messageThread(lang, conversationId)}
                deleteModal={{ ...binding, openFor: () => modals.open(DELETE_MESSAGE_MODAL) }}
                compact
              />
            )}
          />
        </main>
      )}
    </>
  );
}
