import type { Message } from '@app/shared/schemas/messages';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveEvent, useLiveEvents } from '#app/lib/live-socket';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useThread } from '../api/get-thread';
import { useMarkSeen } from '../api/mark-seen';
import { personName } from '../lib/names';
import { Composer } from './composer';
import { DeleteMessageDialog } from './delete-message-dialog';
import { MessageBubble } from './message-bubble';

const TYPING_SHOWN_MS = 4000;

export interface ThreadViewProps {
  conversationId: string;
  viewerId: string;
  language: string;
  backPath: string;
  deleteModal: { open: boolean; onOpenChange(open: boolean): void; openFor(): void };
  /** Beside something else (the session room's text panel): its own height, no way back to the list. */
  compact?: boolean;
}

/** A conversation: older pages load when scrolled to the top; new messages keep it at the bottom. */
export function ThreadView({ conversationId, viewerId, language, backPath, deleteModal, compact }: ThreadViewProps) {
  const { t } = useTranslation();
  const thread = useThread(conversationId);
  const markSeen = useMarkSeen();
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [typingUntil, setTypingUntil] = useState(0);
  const [, rerender] = useState(0);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const stickToBottom = useRef(true);

  const pages = thread.data?.pages ?? [];
  const messages = [...pages].reverse().flatMap((page) => page.data);
  const conversation = pages[0]?.conversation;
  const newest = messages.at(-1);
  const unseenFromOther =
    messages.some((m) => m.senderIdentifier !== viewerId && !m.deletedAt) && (conversation?.unreadCount ?? 0) > 0;

  // Mark seen when opened and whenever a message from the other person arrives while open.
  const newestFromOther = [...messages].reverse().find((m) => m.senderIdentifier !== viewerId)?.identifier;
  const { mutate: markSeenMutate } = markSeen;
  useEffect(() => {
    if (newestFromOther || unseenFromOther) markSeenMutate(conversationId);
  }, [conversationId, newestFromOther, unseenFromOther, markSeenMutate]);

  // Keep the view at the bottom for new messages, and in place when older ones are prepended.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list of messages changes
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (anchor.current) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stickToBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages.length, newest?.identifier]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  useEffect(() => {
    const sentinel = topSentinel.current;
    const root = scroller.current;
    if (!sentinel || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && hasNextPage && !isFetchingNextPage) {
          anchor.current = { height: root.scrollHeight, top: root.scrollTop };
          void fetchNextPage();
        }
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onLive = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'typing' && event.conversationIdentifier === conversationId) {
        setTypingUntil(Date.now() + TYPING_SHOWN_MS);
        setTimeout(() => rerender((n) => n + 1), TYPING_SHOWN_MS + 50);
      }
      if (event.type === 'message.new' && (event.message as Message).conversationIdentifier === conversationId) {
        setTypingUntil(0);
      }
    },
    [conversationId],
  );
  useLiveEvents(onLive);

  if (thread.isPending) return <Spinner />;
  if (thread.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {thread.error.message}
      </p>
    );
  }
  const otherName = conversation ? personName(t, conversation.otherPerson) : '';

  return (
    <section
      aria-label={otherName}
      className={cn(
        'flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-50',
        compact ? 'h-[28rem] lg:h-[calc(100dvh-14rem)]' : 'h-[calc(100dvh-16rem)] md:h-[calc(100dvh-12rem)] min-h-96',
      )}
    >
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
        {compact ? null : (
          <Link to={backPath} className="text-sm text-brand-700 md:hidden" aria-label={t('messages.back')}>
            ←
          </Link>
        )}
        <h2 className="truncate text-base font-semibold" data-testid="thread-title">
          {otherName}
        </h2>
      </header>
      <div
        ref={scroller}
        className="flex-1 overflow-y-auto px-3 py-4"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
        }}
      >
        <div ref={topSentinel} />
        {isFetchingNextPage ? (
          <p className="mb-2 text-center text-xs text-slate-600">{t('messages.loadingOlder')}</p>
        ) : null}
        {hasNextPage && !isFetchingNextPage ? (
          <div className="mb-2 text-center">
            <button
              type="button"
              className="text-xs text-brand-700 underline"
              onClick={() => {
                const root = scroller.current;
                if (root) anchor.current = { height: root.scrollHeight, top: root.scrollTop };
                void fetchNextPage();
              }}
            >
              {t('messages.loadMore')}
            </button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="text-center text-sm text-slate-600">{t('messages.noMessagesYet')}</p>
        ) : null}
        <ol className="flex flex-col gap-2" data-testid="thread">
          {messages.map((message) => (
            <MessageBubble
              key={message.identifier}
              message={message}
              own={message.senderIdentifier === viewerId}
              language={language}
              onDelete={(target) => {
                setDeleting(target);
                deleteModal.openFor();
              }}
            />
          ))}
        </ol>
        {typingUntil > Date.now() ? (
          <p className="mt-2 text-xs text-slate-600" aria-live="polite" data-testid="typing">
            {t('messages.typing', { name: otherName })}
          </p>
        ) : null}
      </div>
      <Composer conversationId={conversationId} language={language} />
      <DeleteMessageDialog message={deleting} open={deleteModal.open} onOpenChange={deleteModal.onOpenChange} />
    </section>
  );
}
