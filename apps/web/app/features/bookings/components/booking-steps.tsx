import { useTranslation } from 'react-i18next';
import { cn } from '#app/ui/cn';

const STEPS = ['details', 'time', 'payment'] as const;

/** Where the client is in the booking: details → time → payment. */
export function BookingSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t('bookingScreens.steps.label')} className="mb-6 flex flex-wrap items-center gap-2 text-sm">
      {STEPS.map((step, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <li key={step} className="flex items-center gap-2" aria-current={state === 'current' ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                'flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold',
                state === 'done' && 'bg-brand-700 text-white',
                state === 'current' && 'bg-brand-100 text-brand-800 ring-2 ring-brand-700',
                state === 'todo' && 'bg-slate-100 text-slate-600',
              )}
            >
              {state === 'done' ? '✓' : number}
            </span>
            <span className={cn('font-medium', state === 'todo' ? 'text-slate-600' : 'text-slate-900')}>
              <span className="sr-only">{t(`bookingScreens.steps.${state}`)} </span>
              {t(`bookingScreens.steps.${step}`)}
            </span>
            {number < STEPS.length ? <span aria-hidden="true" className="mx-1 h-px w-6 bg-slate-300 sm:w-10" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
