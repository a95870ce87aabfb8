import { MAX_UPLOAD_BYTES } from '@app/shared/constants';
import { MessageTextSchema } from '@app/shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { liveSocket } from '#app/lib/live-socket';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useSendMessage } from '../api/send-message';
import { touchChatLists, upsertThreadMessage } from '../lib/cache';
import { PaperclipIcon } from './paperclip-icon';

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.doc,.docx,application/msword';
const TYPING_EVERY_MS = 3000;

/** Text and/or one attachment, with upload progress; Enter sends, Shift+Enter breaks the line. */
export function Composer({ conversationId, language }: { conversationId: string; language: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toast = useToast();
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);

  const submit = () => {
    const parsed = MessageTextSchema.safeParse(text);
    if (!parsed.success) return setError(tMessage(t, parsed.error.issues[0]?.message) ?? null);
    if (!parsed.data && !file) return setError(t('messages.textRequired'));
    if (file && file.size > MAX_UPLOAD_BYTES) return setError(t('errors.FILE_TOO_LARGE'));
    setError(null);
    setProgress(file ? 0 : null);
    send.mutate(
      { conversationId, text: parsed.data, file, language, onProgress: file ? setProgress : undefined },
      {
        onSuccess: (message) => {
          upsertThreadMessage(client, message);
          touchChatLists(client, message, { isNew: true, unread: false });
          setText('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (failure) => {
          const fieldMessage = failure instanceof ApiError ? failure.fieldErrors?.text?.[0] : undefined;
          if (fieldMessage) setError(fieldMessage);
          else toast.error(failure.message);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-2 border-t border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {file ? (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-1.5 text-sm">
          <span className="truncate" data-testid="composer-file">
            <PaperclipIcon className="mr-1 inline size-4" />
            {file.name}
          </span>
          {progress !== null ? (
            <span className="flex items-center gap-2 text-xs text-slate-600">
              <progress
                max={100}
                value={progress}
                className="w-24"
                aria-label={t('messages.uploading', { percent: progress })}
              />
              {t('messages.uploading', { percent: progress })}
            </span>
          ) : (
            <button
              type="button"
              className="text-xs text-slate-600 underline"
              onClick={() => {
                setFile(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              {t('messages.removeAttachment')}
            </button>
          )}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label
          className="cursor-pointer rounded-lg px-2 py-2 text-slate-600 hover:bg-slate-100"
          title={t('messages.attachHint')}
        >
          <PaperclipIcon />
          <span className="sr-only">{t('messages.attach')}</span>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            data-testid="composer-file-input"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
        <label className="flex-1">
          <span className="sr-only">{t('messages.composerLabel')}</span>
          <textarea
            value={text}
            rows={1}
            placeholder={t('messages.composerPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'composer-error' : undefined}
            className="max-h-40 min-h-10 w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm"
            data-testid="composer-text"
            onChange={(event) => {
              setText(event.target.value);
              const now = Date.now();
              if (now - lastTyping.current > TYPING_EVERY_MS) {
                lastTyping.current = now;
                liveSocket.send({ type: 'typing', conversationIdentifier: conversationId });
              }
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
          />
        </label>
        <Button type="submit" loading={send.isPending} data-testid="composer-send">
          {t('messages.send')}
        </Button>
      </div>
      {error ? (
        <p id="composer-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
