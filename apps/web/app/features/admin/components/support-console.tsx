import { type SupportConversationSummary, SupportTextSchema } from '@app/shared/schemas/support';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveEvent, useLiveEvents } from '#app/lib/live-socket';
import { useReaderDates } from '#app/lib/reader-dates';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { LoadGate } from '#app/ui/load-gate';
import { useToast } from '#app/ui/toast';
import { useCloseConversation, useReplyToVisitor } from '../api/answer-support';
import { useSupportConversation, useSupportConversations } from '../api/support-conversations';

/** Every operator's screen follows the chats live: new messages and conversations refresh it. */
function OperatorLive() {
  const client = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'support.message' || event.type === 'support.conversation' || event.type === 'auth.ok') {
        void client.invalidateQueries({ queryKey: ['admin', 'support'] });
      }
    },
    [client],
  );
  useLiveEvents(onEvent);
  return null;
}

function visitorLabel(t: ReturnType<typeof useTranslation>['t'], conversation: SupportConversationSummary) {
  if (!conversation.visitor) return t('admin.support.anonymous');
  return t('admin.support.visitorRole', {
    name: conversation.visitor.name,
    role: t(`admin.support.roles.${conversation.visitor.role}`),
  });
}

function ConversationThread({ id }: { id: string }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const toast = useToast();
  const conversation = useSupportConversation(id);
  const reply = useReplyToVisitor(id);
  const close = useCloseConversation(id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  return (
    <LoadGate query={conversation}>
      {(found) => (
        <div className="flex h-full flex-col">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-4">
            <div>
              <h2 className="font-semibold">{visitorLabel(t, found)}</h2>
              {found.startedOn ? (
                <p className="text-xs text-slate-600">{t('admin.support.startedOn', { page: found.startedOn })}</p>
              ) : null}
            </div>
            {found.status === 'open' ? (
              <Button
                variant="secondary"
                loading={close.isPending}
                onClick={() => close.mutate(undefined, { onError: (failure) => toast.error(failure.message) })}
              >
                {t('admin.support.closeConversation')}
              </Button>
            ) : null}
          </div>
          <ol
            className="flex min-h-48 flex-1 flex-col gap-3 overflow-y-auto p-4"
            aria-live="polite"
            data-testid="support-thread"
          >
            {found.messages.map((message) => (
              <li
                key={message.identifier}
                className={cn('flex flex-col', message.author === 'operator' ? 'items-end' : 'items-start')}
              >
                <span className="text-xs text-slate-600">
                  {message.author === 'operator'
                    ? t('support.operator', { name: message.operatorName ?? '' })
                    : visitorLabel(t, found)}{' '}
                  · <time dateTime={message.createdAt}>{when.dateTime(message.createdAt)}</time>
                </span>
                <p
                  className={cn(
                    'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
                    message.author === 'operator' ? 'bg-brand-700 text-white' : 'bg-slate-100 text-ink',
                  )}
                >
                  {message.text}
                </p>
              </li>
            ))}
          </ol>
          {found.status === 'open' ? (
            <form
              className="flex flex-col gap-2 border-t border-slate-200 p-4"
              onSubmit={(event) => {
                event.preventDefault();
                const parsed = SupportTextSchema.safeParse(text);
                if (!parsed.success) return setError(tMessage(t, parsed.error.issues[0]?.message) ?? null);
                setError(null);
                reply.mutate(parsed.data, {
                  onSuccess: () => setText(''),
                  onError: (failure) => setError(failure.message),
                });
              }}
            >
              <label htmlFor={inputId} className="text-sm font-medium">
                {t('admin.support.replyLabel')}
              </label>
              <textarea
                id={inputId}
                rows={3}
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-invalid={error ? true : undefined}
                className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              {error ? (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
              <div>
                <Button type="submit" loading={reply.isPending}>
                  {t('admin.support.send')}
                </Button>
              </div>
            </form>
          ) : (
            <p className="border-t border-slate-200 p-4 text-sm text-slate-600">{t('admin.support.closedNotice')}</p>
          )}
        </div>
      )}
    </LoadGate>
  );
}

/** /admin/support/: the conversations on the left, the chosen one on the right, all live. */
export function SupportConsole() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [selected, setSelected] = useState<string | null>(null);
  const conversations = useSupportConversations(status);
  return (
    <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
      <OperatorLive />
      <div className="flex flex-col gap-3">
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('admin.support.statusLabel')}</legend>
          {(['open', 'closed'] as const).map((value) => (
            <Button
              key={value}
              variant={status === value ? 'primary' : 'secondary'}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setSelected(null);
              }}
            >
              {t(`admin.support.${value}`)}
            </Button>
          ))}
        </fieldset>
        <LoadGate query={conversations}>
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.support.empty')}</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label={t('admin.support.statusLabel')}>
                {data.map((conversation) => (
                  <li key={conversation.identifier}>
                    <button
                      type="button"
                      onClick={() => setSelected(conversation.identifier)}
                      aria-current={selected === conversation.identifier ? 'true' : undefined}
                      className={cn(
                        'w-full rounded-xl border p-3 text-left text-sm',
                        selected === conversation.identifier
                          ? 'border-brand-600 bg-brand-50'
                          : 'border-slate-200 bg-white hover:border-brand-600',
                      )}
                      data-testid="support-conversation"
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-semibold">{visitorLabel(t, conversation)}</span>
                        {conversation.waiting ? (
                          <span className="rounded-full bg-red-700 px-2 text-xs font-semibold text-white">
                            {t('admin.support.waiting', { count: conversation.waiting })}
                          </span>
                        ) : null}
                      </span>
                      <span className="mt-1 block truncate text-slate-700">{conversation.lastMessage}</span>
                      <span className="mt-1 block text-xs text-slate-600">
                        {when.dateTime(conversation.lastMessageAt)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadGate>
      </div>
      <div className="min-h-64 rounded-2xl border border-slate-200 bg-white">
        {selected ? (
          <ConversationThread id={selected} />
        ) : (
          <p className="p-6 text-sm text-slate-600">{t('admin.support.choose')}</p>
        )}
      </div>
    </div>
  );
}
