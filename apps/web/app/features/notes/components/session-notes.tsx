import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { useBookingNotes } from '../api/list-booking-notes';
import { NOTE_MODALS, type NoteSession } from '../lib/modals';
import { NoteItem } from './note-item';

/** The provider's notes of one session (appointment details), and "Add session note". */
export function SessionNotes({ session, clientId }: { session: NoteSession; clientId: string }) {
  const { t } = useTranslation();
  const modals = useModals();
  const notes = useBookingNotes(session.identifier);
  return (
    <section
      aria-labelledby="session-notes"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="session-notes" className="text-lg font-semibold">
          {t('notes.sessionNotesTitle')}
        </h2>
        <Button
          onClick={() => modals.open(NOTE_MODALS.add, { clientId, sessions: [session], bookingId: session.identifier })}
          data-testid="add-session-note"
        >
          {t('notes.addSessionNote')}
        </Button>
      </div>
      <p className="mb-4 text-sm text-slate-600">{t('notes.privacy')}</p>
      <LoadGate query={notes}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-600">{t('notes.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {list.map((note) => (
                <NoteItem key={note.identifier} note={note} sessions={[session]} />
              ))}
            </ul>
          )
        }
      </LoadGate>
    </section>
  );
}
