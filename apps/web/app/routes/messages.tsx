import { HydrationBoundary } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type AnsweredQueries, answerPageQueries, hydratePageQueries } from '#app/api/page-queries';
import { requireSession } from '#app/features/auth/lib/require-session';
import { chatListQuery } from '#app/features/messages/api/list-chats';
import { DELETE_MESSAGE_MODAL } from '#app/features/messages/components/delete-message-dialog';
import { MessagesScreen } from '#app/features/messages/components/messages-screen';
import { loadPageWords, preloadCatalog } from '#app/lib/i18n';
import { useSignalPageShown } from '#app/lib/page-shown';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import type { Route } from './+types/messages';

// The list is server-rendered: its words (the public and signed-in parts) are there before it hydrates.
await loadPageWords('public', 'app');

/**
 * First load of /messages/: the server renders the chat list of the client or provider the page
 * credential names, its first page answered by the API in-process
 * (docs/decisions/web-signed-in-pages-seed-their-queries-from-the-apis-answers.md); without one the
 * browser loads it. An open conversation (/messages/{id}/) loads in the browser.
 */
export function loader(args: Route.LoaderArgs) {
  return answerPageQueries(args, ['client', 'provider'], () => [chatListQuery('')]);
}

/** /messages/: at hydration the server's list seeds the cache (this tab's person only); else it starts loading here. */
export function clientLoader(args: Route.ClientLoaderArgs) {
  return hydratePageQueries(
    args,
    () => requireSession(args.request, ['client', 'provider']),
    () => [chatListQuery('')],
  );
}
clientLoader.hydrate = true as const;

/** /messages/ and /messages/{id}/ (routes/messages-thread.tsx): conversations with clients or providers, live. */
export default function Messages({ loaderData }: { loaderData?: AnsweredQueries | null }) {
  // On the server: the words this module awaits in the browser come with its modules, not after.
  preloadCatalog(useLocaleData().lang, 'public', 'app');
  useSignalPageShown();
  return (
    <HydrationBoundary state={loaderData?.queries}>
      <MessagesPage rendered={loaderData ?? null} />
    </HydrationBoundary>
  );
}

function MessagesPage({ rendered }: { rendered: AnsweredQueries | null }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const params = useParams();
  const session = useSession();
  const binding = useModalBinding(DELETE_MESSAGE_MODAL);
  const modals = useModals();
  const conversationId = params.conversationId;
  return (
    <>
      <title>{`${t('messages.title')} · ${t('nav.brand')}`}</title>
      <h1 className="sr-only">{t('messages.title')}</h1>
      <MessagesScreen
        conversationId={conversationId}
        // The tab's session is unknown on the server and while hydrating: the render says whose list it is.
        viewerId={session?.userId ?? rendered?.userId ?? ''}
        language={lang}
        listPath={paths.messages(lang)}
        threadPath={(id) => innerPaths.messageThread(lang, id)}
        deleteModal={{ ...binding, openFor: () => modals.open(DELETE_MESSAGE_MODAL) }}
        emptyText={t('messages.selectConversation')}
      />
    </>
  );
}
