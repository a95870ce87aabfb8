import { MAX_UPLOAD_BYTES } from '@app/shared/constants';
import {
  CLIENT_NOTE_FILE_ACCEPT,
  ClientFileNoteBodySchema,
  CreateClientNoteBodySchema,
  CreateSessionNoteBodySchema,
  NOTE_CONTENT_MAX,
  type NoteType,
  SESSION_NOTE_FILE_ACCEPT,
  SessionFileNoteBodySchema,
} from '@app/shared/schemas/notes';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { shortDateOf } from '#app/lib/format';
import { tMessage } from '#app/lib/t-message';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { Field, FieldMessages } from '#app/ui/field';
import { SelectField, TextAreaField } from '#app/ui/form-fields';
import { useCreateNote } from '../api/create-note';
import type { NoteSession } from '../lib/modals';

export type NoteMode = 'text' | 'upload';
type Errors = Partial<Record<'title' | 'content' | 'reference' | 'file' | 'form', string>>;

/** The label of a session in a list: its date in the viewer's zone. */
export function useSessionLabel() {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  return (session: NoteSession) =>
    session.startAt && zone
      ? t('notes.sessionOf', { date: shortDateOf(session.startAt, zone, i18n.language) })
      : t('notes.unscheduled');
}

/**
 * The type-text or upload form of the add-note dialog (SPEC.md §4): a session note (title 3-32,
 * a session, content ≤ 4000, required when typing) or a client note (needs the client id, else
 * "Client ID is missing"). Checked with the server's own schemas before sending.
 */
export function NoteForm({
  mode,
  clientId,
  sessions,
  fixedBookingId,
  onBack,
  onSaved,
}: {
  mode: NoteMode;
  clientId?: string | null;
  sessions: NoteSession[];
  fixedBookingId?: string;
  onBack(): void;
  onSaved(type: NoteType): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateNote();
  const sessionLabel = useSessionLabel();
  const [type, setType] = useState<NoteType>(fixedBookingId ? 'booking' : 'client');
  const [bookingId, setBookingId] = useState(fixedBookingId ?? sessions[0]?.identifier ?? '');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const accept = type === 'booking' ? SESSION_NOTE_FILE_ACCEPT : CLIENT_NOTE_FILE_ACCEPT;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reference = type === 'booking' ? bookingId : (clientId ?? '');
    const schema =
      type === 'booking'
        ? mode === 'upload'
          ? SessionFileNoteBodySchema
          : CreateSessionNoteBodySchema
        : mode === 'upload'
          ? ClientFileNoteBodySchema
          : CreateClientNoteBodySchema;
    const next: Errors = {};
    const parsed = schema.safeParse({ title, id: reference, content });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'id' ? 'reference' : (issue.path[0] as keyof Errors);
        next[field] ??= tMessage(t, issue.message);
      }
    }
    if (mode === 'upload') {
      if (!file) next.file = t('notes.fileRequired');
      else if (file.size > MAX_UPLOAD_BYTES) next.file = t('errors.FILE_TOO_LARGE');
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await create.mutateAsync({ type, reference, title, content, file: mode === 'upload' ? file : null });
      onSaved(type);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0]]));
      setErrors(
        Object.keys(fields).length > 0 ? fields : mode === 'upload' ? { file: error.message } : { form: error.message },
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid={`note-form-${mode}`}>
      {fixedBookingId ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('notes.kind')}</legend>
          <div className="flex flex-wrap gap-4">
            {(['client', 'booking'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                {t(value === 'client' ? 'notes.kindClient' : 'notes.kindSession')}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {type === 'booking' && !fixedBookingId ? (
        sessions.length > 0 ? (
          <SelectField
            label={t('notes.session')}
            emptyLabel={t('notes.chooseSession')}
            options={sessions.map((session) => ({ value: session.identifier, label: sessionLabel(session) }))}
            value={bookingId}
            onChange={(event) => setBookingId(event.target.value)}
            error={errors.reference}
          />
        ) : (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('notes.noSessions')}</p>
        )
      ) : null}
      {type === 'client' && errors.reference ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errors.reference}
        </p>
      ) : null}
      <Field
        label={t('notes.fieldTitle')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
        autoComplete="off"
      />
      {mode === 'upload' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {t('notes.fieldFile')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={accept}
            className="text-sm"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${id}-file-hint${errors.file ? ` ${id}-file-error` : ''}`}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <FieldMessages
            id={`${id}-file`}
            hint={t(type === 'booking' ? 'notes.fileHintSession' : 'notes.fileHintClient')}
            error={errors.file}
          />
        </div>
      ) : null}
      <TextAreaField
        label={t('notes.fieldContent')}
        value={content}
        rows={mode === 'upload' ? 3 : 7}
        onChange={(event) => setContent(event.target.value)}
        error={errors.content}
        hint={t('notes.characters', { count: content.length, maximum: NOTE_CONTENT_MAX })}
      />
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-between gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t('notes.back')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('notes.save')}
        </Button>
      </div>
    </form>
  );
}
