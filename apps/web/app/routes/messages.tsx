import { useTranslation } from 'react-i18next';
import { requireSession } from '../features/auth/require-session';
import { useSession } from '../features/auth/use-session';
import { DELETE_MESSAGE_MODAL } from '../features/messages/components/delete-message-dialog';
import { MessagesScreen } from '../features/messages/components/messages-screen';
import { useModalBinding, useModals } from '../features/shell/modal-manager';
import { useLocaleData } from '../features/shell/shell-data';
import { localePath } from '../lib/i18n';
import type { Route } from './+types/messages';

/** /messages/ and /messages/{id}/: conversations with clients or providers, live. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
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
        listPath={localePath(lang, '/messages/')}
        threadPath={(id) => localePath(lang, `/messages/${id}/`)}
        deleteModal={{ ...binding, openFor: () => modals.open(DELETE_MESSAGE_MODAL) }}
        emptyText={t('messages.selectConversation')}
      />
    </>
  );
}
