import { BOOKING_NOTE_MAX } from '@app/shared/schemas/bookings';
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '#app/ui/form-fields';

export interface NoteFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** The current text, for the counter. */
  length: number;
  hint?: string;
}

/** A note textarea with a live "n/400" counter (SPEC.md §5: at most 400 characters). */
export const NoteField = forwardRef<HTMLTextAreaElement, NoteFieldProps>(function NoteField(
  { label, error, length, hint, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const counter = t('bookingScreens.form.noteCounter', { length, max: BOOKING_NOTE_MAX });
  return (
    <TextAreaField
      ref={ref}
      label={label}
      error={error}
      hint={hint ? `${hint} ${counter}` : counter}
      rows={4}
      {...rest}
    />
  );
});
