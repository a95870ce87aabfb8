import { intlLocale } from '@app/shared/constants';
import type { Conversation } from '@app/shared/schemas/messages';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '#app/lib/dates';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useChatList } from '../api/list-chats';
import { useContacts } from '../api/list-contacts';
import { useOpenConversation } from '../api/open-conversation';
import { initials, personName } from '../lib/names';

export interface ChatListProps {
  activeId?: string;
  threadPath(conversationId: string): string;
  onOpened(conversationId: string): void;
  language: string;
  viewerId: string;
}

function preview(t: ReturnType<typeof useTranslation>['t'], conversation: Conversation, viewerId: string): string {
  const last = conversation.lastMessage;
  if (!last) return t('messages.noMessagesYet');
  const body = last.deletedAt
    ? t('messages.deleted')
    : last.text || last.attachment?.filename || t('messages.attachment');
  return last.senderIdentifier === viewerId ? `${t('messages.you')}: ${body}` : body;
}

/** Conversations newest first, searchable, with unread badges and "Load more" (keyset pages). */
export function ChatList({ activeId, threadPath, onOpened, language, viewerId }: ChatListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const list = useChatList(deferred);
  const [picking, setPicking] = useState(false);
  const contacts = useContacts(deferred, picking);
  const open = useOpenConversation();
  const toast = useToast();
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  // In the reader's zone, once known (not on the server nor while hydrating: the times follow).
  const zone = useViewerZone();
  const locale = intlLocale(language);
  const when = (iso: string) => {
    if (!zone) return '';
    const dates = dateTimeFormat(locale, { dateStyle: 'short', timeZone: zone });
    const date = dates.format(new Date(iso));
    if (date !== dates.format(new Date())) return date;
    return dateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(new Date(iso));
  };

  return (
    <section aria-labelledby="chat-list-title" className="flex min-h-0 flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="chat-list-title" className="text-lg font-semibold">
          {t('messages.title')}
        </h2>
        <Button variant="ghost" onClick={() => setPicking((value) => !value)} aria-expanded={picking}>
          {t('messages.newConversation')}
        </Button>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span className="sr-only">{t('messages.searchLabel')}</span>
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('messages.searchPlaceholder')}
          aria-label={t('messages.searchLabel')}
          className="rounded-lg border border-slate-300 px-3 py-2"
          maxLength={100}
        />
      </label>
      {picking ? (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
          <h3 className="mb-2 text-sm font-semibold">{t('messages.contactsTitle')}</h3>
          {contacts.isPending ? <Spinner size="sm" /> : null}
          {contacts.data?.length === 0 ? <p className="text-sm text-slate-600">{t('messages.noContacts')}</p> : null}
          <ul className="flex flex-col gap-1">
            {contacts.data?.map((person) => (
              <li key={person.identifier}>
                <button
                  type="button"
                  className="w-full rounded-lg px-2 py-1.5 text-left text-sm hover:bg-white"
                  onClick={() =>
                    open.mutate(person.identifier, {
                      onSuccess: (conversation) => {
                        setPicking(false);
                        onOpened(conversation.identifier);
                      },
                      onError: (error) => toast.error(error.message),
                    })
                  }
                >
                  {personName(t, person)}{' '}
                  <span className="text-slate-600">
                    · {t(person.role === 'provider' ? 'messages.roleProvider' : 'messages.roleClient')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {list.error.message}
        </p>
      ) : null}
      {list.isSuccess && rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          <p className="font-medium text-slate-800">{t('messages.empty')}</p>
          <p>{t('messages.emptyHint')}</p>
        </div>
      ) : null}
      <ul className="flex flex-col gap-1" data-testid="chat-list">
        {rows.map((conversation) => (
          <li key={conversation.identifier}>
            <Link
              to={threadPath(conversation.identifier)}
              aria-current={conversation.identifier === activeId ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-xl px-3 py-2.5',
                conversation.identifier === activeId ? 'bg-brand-50' : 'hover:bg-slate-100',
              )}
            >
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
              >
                {initials(t, conversation.otherPerson)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium">{personName(t, conversation.otherPerson)}</span>
                  {conversation.lastMessageAt ? (
                    <span className="shrink-0 text-xs text-slate-600">{when(conversation.lastMessageAt)}</span>
                  ) : null}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-600">{preview(t, conversation, viewerId)}</span>
                  {conversation.unreadCount > 0 ? (
                    <span
                      className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white"
                      data-testid="unread-badge"
                    >
                      <span aria-hidden="true">{conversation.unreadCount}</span>
                      <span className="sr-only">{t('messages.unreadBadge', { count: conversation.unreadCount })}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('messages.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
