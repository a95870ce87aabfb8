import type { CurrencyCode } from '@app/shared/currency';
import { formatMoney, toMinor } from '@app/shared/money';
import {
  type BookingFee,
  FEE_MAX_MINOR,
  GeneralFeeUpdateSchema,
  TherapyFeeUpdateSchema,
} from '@app/shared/schemas/profiles';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { errorText } from '#app/lib/error-text';
import { currencySymbol } from '#app/lib/money';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useSetGeneralFee, useSetTherapyFee } from '../api/set-general-fee';
import { PROFILE_MODALS } from '../lib/modals';

export interface FeeDialogProps {
  currency: CurrencyCode;
  /** The provider's current general fee (minor units), if any. */
  current: { fee: number; isFree: boolean } | null;
  /** A therapy's own fee instead of the general one (what a client booking that therapy pays). */
  therapy?: { identifier: string; name: string } | null;
  onSaved?(fee: BookingFee): void;
}

/** The text for a fee in minor units, in whole major units (the input takes digits only). */
function initialText(current: FeeDialogProps['current']): string {
  if (!current) return '';
  return current.isFree ? '0' : String(Math.round(current.fee / 100));
}

/**
 * Provider fee (SPEC.md §2 "therapy fees"): a fixed fee per session in the provider's currency,
 * digits only, a Mark as free checkbox and Proceed. The amount is sent in minor units (× 100)
 * with isFree; free sends 0 (SPEC.md §3, §5).
 */
export function FeeDialog({ currency, current, therapy = null, onSaved }: FeeDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(therapy ? PROFILE_MODALS.therapyFee : PROFILE_MODALS.fee);
  const saveGeneral = useSetGeneralFee();
  const saveTherapy = useSetTherapyFee();
  const save = therapy ? saveTherapy : saveGeneral;
  const [text, setText] = useState(() => initialText(current));
  const [isFree, setIsFree] = useState(current?.isFree ?? false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const inputId = `${id}-fee`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  // Each opening starts from the saved fee.
  useEffect(() => {
    if (!binding.open) return;
    setText(initialText(current));
    setIsFree(current?.isFree ?? false);
    setError(null);
  }, [binding.open, current]);

  function onFreeChange(free: boolean) {
    setIsFree(free);
    setError(null);
    setText(free ? '0' : '');
  }

  async function proceed() {
    setError(null);
    if (!isFree && text === '') {
      setError(t('validation.required'));
      return;
    }
    if (!/^\d+$/.test(text)) {
      setError(t('profileScreens.fee.digitsOnly'));
      return;
    }
    const fee = isFree ? 0 : toMinor(Number(text));
    if (fee > FEE_MAX_MINOR) {
      setError(t('profileScreens.fee.tooHigh', { amount: formatMoney(FEE_MAX_MINOR, currency, lang) }));
      return;
    }
    const parsed = therapy
      ? TherapyFeeUpdateSchema.safeParse({ fee, isFree, therapyIdentifier: therapy.identifier })
      : GeneralFeeUpdateSchema.safeParse({ fee, isFree });
    if (!parsed.success) {
      setError(tMessage(t, parsed.error.issues[0]?.message) ?? t('validation.invalidType'));
      return;
    }
    try {
      const answer = therapy
        ? await saveTherapy.mutateAsync({ ...parsed.data, therapyIdentifier: therapy.identifier })
        : await saveGeneral.mutateAsync(parsed.data);
      toast.success(t('profiles.feeSaved'));
      onSaved?.(answer);
      modals.closeAll();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fieldErrors.fee?.join(', ') : undefined;
      if (fieldMessage) setError(fieldMessage);
      else toast.error(errorText(t, failure));
    }
  }

  const amount = text !== '' && /^\d+$/.test(text) ? toMinor(Number(text)) : null;

  return (
    <Dialog
      {...binding}
      title={
        therapy ? (
          t('profileScreens.fee.therapyTitle', { therapy: therapy.name })
        ) : (
          <span className="inline-block first-letter:uppercase">{t('profileScreens.fee.title')}</span>
        )
      }
      description={therapy ? t('profileScreens.fee.therapyDescription') : t('profileScreens.fee.description')}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void proceed();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('profileScreens.fee.amount', { currency })}
          </label>
          <div
            className={cn(
              'flex min-h-10 items-center rounded-lg border bg-white has-[input:focus-visible]:border-brand-600 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
              error ? 'border-red-600' : 'border-slate-300',
              isFree && 'bg-slate-100',
            )}
          >
            <span aria-hidden="true" className="pl-3 text-sm font-semibold text-slate-600">
              {currencySymbol(currency)}
            </span>
            <input
              id={inputId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              disabled={isFree}
              onChange={(event) => {
                setText(event.target.value.replace(/\D/g, ''));
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={cn(hintId, error ? errorId : null)}
              className="min-w-0 flex-1 rounded-lg bg-transparent px-2 py-2 text-sm"
              // The frame with the currency symbol shows the focus instead.
              style={{ outline: 'none' }}
            />
          </div>
          <p id={hintId} className="text-xs text-slate-600">
            {isFree
              ? t('profileScreens.fee.freeHint')
              : amount !== null
                ? t('profileScreens.fee.preview', { amount: formatMoney(amount, currency, lang) })
                : t('profileScreens.fee.hint')}
          </p>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={isFree}
            onChange={(event) => onFreeChange(event.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          {t('profileScreens.fee.markFree')}
        </label>
        <Button type="submit" loading={save.isPending} className="w-full">
          {t('profileScreens.fee.proceed')}
        </Button>
      </form>
    </Dialog>
  );
}
