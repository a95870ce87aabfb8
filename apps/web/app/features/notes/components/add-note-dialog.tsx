import { NOTE_SUCCESS_CLOSE_MS, type NoteType } from '@app/shared/schemas/notes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { NOTE_MODALS } from '../lib/modals';
import { NoteForm, type NoteMode } from './note-form';

type Step = { kind: 'choose' } | { kind: 'form'; mode: NoteMode } | { kind: 'success'; type: NoteType };

/**
 * The add-note dialog (SPEC.md §2, §4): a choice step (type a note or upload a file), then the
 * form, then a success view that closes itself after 2 seconds.
 */
export function AddNoteDialog() {
  const { t } = useTranslation();
  const modals = useModals();
  const binding = useModalBinding(NOTE_MODALS.add);
  const props = modals.propsOf(NOTE_MODALS.add);
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  useEffect(() => {
    if (!binding.open) setStep({ kind: 'choose' });
  }, [binding.open]);

  useEffect(() => {
    if (step.kind !== 'success') return;
    const timer = setTimeout(() => modals.closeAll(), NOTE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step, modals]);

  return (
    <Dialog {...binding} title={step.kind === 'success' ? t('notes.successTitle') : t('notes.addTitle')} size="md">
      {step.kind === 'choose' ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t('notes.choose')}</p>
          {(['text', 'upload'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              onClick={() => setStep({ kind: 'form', mode })}
              className="rounded-xl border border-slate-200 p-4 text-left hover:border-brand-600 hover:bg-brand-50"
            >
              <span className="block font-semibold">{t(mode === 'text' ? 'notes.typeText' : 'notes.uploadFile')}</span>
              <span className="block text-sm text-slate-600">
                {t(mode === 'text' ? 'notes.typeTextHint' : 'notes.uploadFileHint')}
              </span>
            </button>
          ))}
        </div>
      ) : null}
      {step.kind === 'form' && props ? (
        <NoteForm
          mode={step.mode}
          clientId={props.clientId}
          sessions={props.sessions}
          fixedBookingId={props.bookingId}
          onBack={() => setStep({ kind: 'choose' })}
          onSaved={(type) => setStep({ kind: 'success', type })}
        />
      ) : null}
      {step.kind === 'success' ? (
        <p role="status" className="rounded-xl bg-emerald-50 p-4 text-sm font-medium text-emerald-900">
          {t(step.type === 'booking' ? 'notes.sessionNoteAdded' : 'notes.clientNoteAdded')}
        </p>
      ) : null}
    </Dialog>
  );
}
