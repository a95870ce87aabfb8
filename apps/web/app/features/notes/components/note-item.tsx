import { formatFileSize, shortFileName } from '@app/shared/file-display';
import type { Note } from '@app/shared/schemas/notes';
import { useTranslation } from 'react-i18next';
import { shortDateOf } from '#app/lib/format';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { useModals } from '#app/ui/modal-manager';
import { NOTE_MODALS, type NoteSession } from '../lib/modals';
import { useSessionLabel } from './note-form';

/** One note in a list: kind, title, when, an excerpt, the file's name, and open / edit / delete. */
export function NoteItem({ note, sessions }: { note: Note; sessions: NoteSession[] }) {
  const { t, i18n } = useTranslation();
  const zone = useViewerZone();
  const modals = useModals();
  const sessionLabel = useSessionLabel();
  const written = zone ? shortDateOf(note.createdAt, zone, i18n.language) : '';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="note-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
            {note.type === 'booking' && note.booking
              ? `${t('notes.kindSession')} · ${sessionLabel(note.booking)}`
              : t('notes.kindClient')}
          </p>
          <h3 className="mt-0.5 break-words font-semibold">{note.title}</h3>
          <p className="text-xs text-slate-600">
            {t('notes.written', { date: written })}
            {note.updatedAt !== note.createdAt && zone
              ? ` · ${t('notes.updated', { date: shortDateOf(note.updatedAt, zone, i18n.language) })}`
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" onClick={() => modals.open(NOTE_MODALS.view, { noteId: note.identifier })}>
            {t('notes.open')}
          </Button>
          <Button variant="ghost" onClick={() => modals.open(NOTE_MODALS.edit, { note, sessions })}>
            {t('notes.edit')}
          </Button>
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={() => modals.open(NOTE_MODALS.remove, { note })}
          >
            {t('notes.delete')}
          </Button>
        </div>
      </div>
      {note.content ? (
        <p className="mt-2 line-clamp-3 whitespace-pre-line text-sm text-slate-700">{note.content}</p>
      ) : null}
      {note.file ? (
        <p
          className="mt-2 inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-700"
          title={note.file.filename}
        >
          {t('notes.fieldFile')}: {shortFileName(note.file.filename)} · {formatFileSize(note.file.size)}
        </p>
      ) : null}
    </li>
  );
}
