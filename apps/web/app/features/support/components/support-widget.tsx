import {
  SUPPORT_POLL_MS,
  type SupportMessage,
  SupportTextSchema,
  type SupportThread,
} from '@app/shared/schemas/support';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '#app/api/client';
import { type LiveEvent, useLiveEvents } from '#app/lib/live-socket';
import { tMessage } from '#app/lib/t-message';
import { useSession } from '#app/lib/use-session';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Spinner } from '#app/ui/spinner';
import { supportKeys } from '../api/keys';
import { appendToThread, useSendSupportMessage, useSupportThread } from '../api/visitor-thread';

/** Answers arriving on the live socket (signed-in visitors): straight into the thread. */
function SupportLive() {
  const client = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'support.message') {
        client.setQueryData<SupportThread>(supportKeys.thread(), (thread) =>
          appendToThread(thread, event.message as SupportMessage),
        );
      } else if (event.type === 'support.conversation' || event.type === 'auth.ok') {
        void client.invalidateQueries({ queryKey: supportKeys.thread() });
      }
    },
    [client],
  );
  useLiveEvents(onEvent);
  return null;
}

function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useWords();
  const mine = message.author === 'visitor';
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <span className="text-xs text-slate-600">
        {mine
          ? t('support.you')
          : message.operatorName
            ? t('support.operator', { name: message.operatorName })
            : t('support.operatorNoName')}
      </span>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-ink',
        )}
      >
        {message.text}
      </p>
    </li>
  );
}

function ChatPanel({ titleId, onClose }: { titleId: string; onClose(): void }) {
  const { t } = useWords();
  const session = useSession();
  const { pathname } = useLocation();
  // Signed in: answers come on the socket. Otherwise the thread is asked for again while open.
  const thread = useSupportThread(session ? false : SUPPORT_POLL_MS);
  const send = useSendSupportMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    if (count && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);

  const submit = () => {
    const parsed = SupportTextSchema.safeParse(text);
    if (!parsed.success) return setError(tMessage(t, parsed.error.issues[0]?.message) ?? null);
    setError(null);
    send.mutate(
      { text: parsed.data, page: pathname },
      {
        onSuccess: () => setText(''),
        onError: (failure) =>
          setError(
            (failure instanceof ApiError ? failure.fieldErrors?.text?.[0] : undefined) ??
              failure.message ??
              t('support.sendFailed'),
          ),
      },
    );
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="fixed right-4 bottom-[calc(5rem+var(--consent-banner-height,0px))] z-40 flex h-[28rem] max-h-[calc(100vh-7rem-var(--consent-banner-height,0px))] w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl"
      data-testid="support-panel"
    >
      {session ? <SupportLive /> : null}
      <header className="flex items-start justify-between gap-2 bg-brand-700 px-4 py-3 text-white">
        <div>
          <h2 id={titleId} className="font-semibold">
            {t('support.title')}
          </h2>
          <p className="text-xs text-brand-50">{t('support.intro')}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-2 text-lg leading-none hover:bg-brand-800"
          aria-label={t('support.close')}
        >
          ×
        </button>
      </header>
      <div className="min-h-0 flex-1">
        {thread.isPending ? (
          <div className="flex h-full items-center justify-center text-brand-700">
            <Spinner />
          </div>
        ) : count === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t('support.empty')}</p>
        ) : (
          <ol ref={list} className="flex h-full flex-col gap-3 overflow-y-auto p-4" aria-live="polite">
            {thread.data?.messages.map((message) => (
              <Bubble key={message.identifier} message={message} />
            ))}
          </ol>
        )}
      </div>
      <form
        className="flex flex-col gap-2 border-t border-slate-200 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('support.messageLabel')}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id={inputId}
            rows={2}
            value={text}
            placeholder={t('support.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
            className="min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <Button type="submit" loading={send.isPending}>
            {t('support.send')}
          </Button>
        </div>
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** The launcher button and, once opened, the chat panel (default export: loaded lazily). */
/**
 * The launcher and the panel float bottom right, lifted by --consent-banner-height (which the
 * consent banner publishes while it shows), so they never cover the consent buttons.
 */
export default function SupportWidget() {
  const { t } = useWords();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      {open ? (
        <ChatPanel
          titleId={titleId}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
        className="fixed right-4 bottom-[calc(1rem+var(--consent-banner-height,0px))] z-40 inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
        data-testid="support-launcher"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" strokeLinejoin="round" />
        </svg>
        {t('support.launcher')}
      </button>
    </>
  );
}
