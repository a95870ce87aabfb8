import { NOTE_CONTENT_MAX, NoteTextSchema, UpdateNoteBodySchema } from '@app/shared/schemas/notes';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { Field } from '#app/ui/field';
import { SelectField, TextAreaField } from '#app/ui/form-fields';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useUpdateNote } from '../api/update-note';
import { NOTE_MODALS } from '../lib/modals';
import { useSessionLabel } from './note-form';

/** "Edit note" / "Edit session note": title and content (and the session of a session note). */
export function EditNoteDialog() {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(NOTE_MODALS.edit);
  const props = modals.propsOf(NOTE_MODALS.edit);
  const note = props?.note;
  const update = useUpdateNote();
  const sessionLabel = useSessionLabel();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [bookingId, setBookingId] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  useEffect(() => {
    if (!note) return;
    setTitle(note.title);
    setContent(note.content);
    setBookingId(note.booking?.identifier ?? '');
    setErrors({});
  }, [note]);

  if (!note)
    return (
      <Dialog {...binding} title={t('notes.editTitle')}>
        {null}
      </Dialog>
    );
  const isSession = note.type === 'booking';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { title, content, ...(isSession ? { id: bookingId } : {}) };
    const parsed = UpdateNoteBodySchema.safeParse(body);
    const next: Record<string, string | undefined> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= tMessage(t, issue.message);
    }
    if (!note.file) {
      const text = NoteTextSchema.safeParse(content);
      if (!text.success) next.content ??= tMessage(t, text.error.issues[0]?.message);
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    try {
      await update.mutateAsync({ noteId: note.identifier, body });
      toast.success(t(isSession ? 'notes.sessionNoteUpdated' : 'notes.clientNoteUpdated'));
      modals.closeAll();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0]]));
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(error.message);
    }
  };

  return (
    <Dialog {...binding} title={t(isSession ? 'notes.editSessionTitle' : 'notes.editTitle')} size="md">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="note-edit-form">
        {isSession && (props?.sessions.length ?? 0) > 1 ? (
          <SelectField
            label={t('notes.session')}
            emptyLabel={t('notes.chooseSession')}
            options={(props?.sessions ?? []).map((session) => ({
              value: session.identifier,
              label: sessionLabel(session),
            }))}
            value={bookingId}
            onChange={(event) => setBookingId(event.target.value)}
            error={errors.id}
          />
        ) : null}
        <Field
          label={t('notes.fieldTitle')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
        />
        <TextAreaField
          label={t('notes.fieldContent')}
          value={content}
          rows={7}
          onChange={(event) => setContent(event.target.value)}
          error={errors.content}
          hint={t('notes.characters', { count: content.length, maximum: NOTE_CONTENT_MAX })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => modals.closeAll()}>
            {t('notes.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('notes.update')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
