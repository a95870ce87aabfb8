import { intlLocale } from '@app/shared/constants';
import { type Message, UpdateMessageBodySchema } from '@app/shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { useToast } from '#app/ui/toast';
import { useUpdateMessage } from '../api/update-message';
import { touchChatLists, upsertThreadMessage } from '../lib/cache';
import { linkify } from '../lib/linkify';
import { PaperclipIcon } from './paperclip-icon';

function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** SPEC.md §9: names longer than 15 characters show the first 10 and dots. */
function shortName(name: string): string {
  return name.length > 15 ? `${name.slice(0, 10)}...` : name;
}

/** One message: text (linkified, never markup), attachment, edited/deleted marks, seen tick, own actions. */
export function MessageBubble({
  message,
  own,
  language,
  onDelete,
}: {
  message: Message;
  own: boolean;
  language: string;
  onDelete(message: Message): void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toast = useToast();
  const update = useUpdateMessage();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const deleted = message.deletedAt !== null;
  const time = new Intl.DateTimeFormat(intlLocale(language), { timeStyle: 'short' }).format(
    new Date(message.createdAt),
  );

  const save = () => {
    const parsed = UpdateMessageBodySchema.safeParse({ text: draft });
    if (!parsed.success) return setError(tMessage(t, parsed.error.issues[0]?.message) ?? null);
    update.mutate(
      { messageId: message.identifier, text: parsed.data.text },
      {
        onSuccess: (saved) => {
          upsertThreadMessage(client, saved);
          touchChatLists(client, saved, { isNew: false, unread: false });
          setEditing(false);
          setError(null);
        },
        onError: (failure) => toast.error(failure.message),
      },
    );
  };

  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')} data-testid="message" data-own={own}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-sm sm:max-w-[70%]',
          own ? 'bg-brand-700 text-white' : 'bg-white text-ink ring-1 ring-slate-200',
          deleted && 'bg-slate-100 text-slate-600 italic ring-0',
        )}
      >
        {deleted ? (
          <p>{t('messages.deleted')}</p>
        ) : editing ? (
          <div className="flex flex-col gap-2">
            <label className="sr-only" htmlFor={`edit-${message.identifier}`}>
              {t('messages.editLabel')}
            </label>
            <textarea
              id={`edit-${message.identifier}`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              rows={3}
              className="w-64 max-w-full rounded-lg border border-slate-300 bg-white px-2 py-1 text-ink not-italic"
              aria-invalid={error ? true : undefined}
            />
            {error ? (
              <p role="alert" className="text-xs text-red-100">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" className="min-h-8 px-3 py-1" onClick={() => setEditing(false)}>
                {t('messages.cancel')}
              </Button>
              <Button variant="secondary" className="min-h-8 px-3 py-1" loading={update.isPending} onClick={save}>
                {t('messages.save')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            {message.text ? (
              <p className="break-words whitespace-pre-wrap" data-testid="message-text">
                {linkify(message.text)}
              </p>
            ) : null}
            {message.attachment ? (
              message.attachment.contentType.startsWith('image/') ? (
                <a href={message.attachment.url} target="_blank" rel="noopener noreferrer" className="mt-1 block">
                  <img
                    src={message.attachment.url}
                    alt={message.attachment.filename}
                    className="max-h-60 rounded-lg"
                    data-testid="message-image"
                  />
                </a>
              ) : (
                <a
                  href={message.attachment.url}
                  className="mt-1 flex items-center gap-2 underline underline-offset-2"
                  data-testid="message-attachment"
                  title={message.attachment.filename}
                >
                  <PaperclipIcon className="size-4 shrink-0" />
                  <span>{shortName(message.attachment.filename)}</span>
                  <span className="text-xs opacity-80">({fileSize(message.attachment.size)})</span>
                </a>
              )
            ) : null}
          </>
        )}
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-2 text-xs',
            own && !deleted ? 'text-white/80' : 'text-slate-600',
          )}
        >
          {message.editedAt && !deleted ? <span>{t('messages.edited')}</span> : null}
          <time dateTime={message.createdAt}>{time}</time>
          {own && !deleted ? (
            <span data-testid="message-status">
              {message.seenAt ? `✓✓ ${t('messages.seen')}` : `✓ ${t('messages.sent')}`}
            </span>
          ) : null}
        </p>
        {own && !deleted && !editing ? (
          <div className="mt-1 flex justify-end gap-3 text-xs">
            <button
              type="button"
              className="underline underline-offset-2"
              onClick={() => {
                setDraft(message.text ?? '');
                setEditing(true);
              }}
            >
              {t('messages.edit')}
            </button>
            <button type="button" className="underline underline-offset-2" onClick={() => onDelete(message)}>
              {t('messages.delete')}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
