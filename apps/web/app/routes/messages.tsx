import { useTranslation } from 'react-i18next';
import { getQueryClient } from '#app/api/query-client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { DELETE_MESSAGE_MODAL } from '#app/features/messages/components/delete-message-dialog';
import { MessagesScreen } from '#app/features/messages/components/messages-screen';
import { prefetchMessages } from '#app/features/messages/lib/prefetch';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import type { Route } from './+types/messages';

/** /messages/ and /messages/{id}/: conversations with clients or providers, live. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  prefetchMessages(getQueryClient());
  return null;
}

export default function MessagesPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const session = useSession();
  const binding = useModalBinding(DELETE_MESSAGE_MODAL);
  const modals = useModals();
  const conversationId = (params as { conversationId?: string }).conversationId;
  return (
    <>
      <title>{`${t('messages.title')} · ${t('nav.brand')}`}</title>
      <h1 className="sr-only">{t('messages.title')}</h1>
      <MessagesScreen
        conversationId={conversationId}
        viewerId={session?.userId ?? ''}
        language={lang}
        listPath={paths.messages(lang)}
        threadPath={(id) => innerPaths.messageThread(lang, id)}
        deleteModal={{ ...binding, openFor: () => modals.open(DELETE_MESSAGE_MODAL) }}
        emptyText={t('messages.selectConversation')}
      />
    </>
  );
}
