import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useWords } from '#app/lib/words';
import { useReturnFocus } from './return-focus';

/** SPEC.md §9: the icons change every 350 ms; the slow notice appears after 15 s. */
export const PENDING_ICON_INTERVAL_MS = 350;
export const PENDING_SLOW_AFTER_MS = 15_000;

export interface PendingPaymentProps {
  /** A free booking has nothing to pay: no secure-payment line, its own heading. */
  kind: 'free' | 'paid';
  /** The "Refresh" link of the slow notice (re-check now, or reload). */
  onRefresh(): void;
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Svg({ children, className = 'h-10 w-10' }: { children: ReactNode; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} {...stroke}>
      {children}
    </svg>
  );
}

const ICONS = {
  card: (
    <Svg>
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
      <path d="M2.5 10h19M6.5 15h4" />
    </Svg>
  ),
  lock: (
    <Svg>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
    </Svg>
  ),
  wallet: (
    <Svg>
      <path d="M4 7.5h14.5a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V7.5z" />
      <path d="M4 7.5 15 4v3.5M16.5 14h.01" />
    </Svg>
  ),
  calendar: (
    <Svg>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </Svg>
  ),
  clock: (
    <Svg>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </Svg>
  ),
  check: (
    <Svg>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m8.5 12.2 2.4 2.4 4.6-5" />
    </Svg>
  ),
} as const;

type IconName = keyof typeof ICONS;

const SEQUENCES: Record<PendingPaymentProps['kind'], IconName[]> = {
  paid: ['card', 'lock', 'wallet', 'check'],
  free: ['calendar', 'clock', 'check'],
};

/**
 * The pending-payment screen (SPEC.md §2 "Other screens"): a full-window overlay while a payment
 * or a booking is confirmed. It traps focus (the page behind must not be used meanwhile) and
 * cannot be dismissed; after 15 s it offers a refresh.
 */
export function PendingPayment({ kind, onRefresh }: PendingPaymentProps) {
  const { t } = useWords();
  const sequence = SEQUENCES[kind];
  const returnFocus = useReturnFocus(true);
  const [step, setStep] = useState(0);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setStep((current) => current + 1), PENDING_ICON_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), PENDING_SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const active = step % sequence.length;
  const icon = sequence[active] as IconName;

  return (
    <RadixDialog.Root open>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-sm" />
        <RadixDialog.Content
          data-testid="pending-payment"
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-8 text-center shadow-xl"
          // Focus rests on the panel only so screen readers start here; it is not a control.
          style={{ outline: 'none' }}
        >
          <div
            data-testid="pending-icon"
            data-icon={icon}
            className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-50/60"
          >
            {ICONS[icon]}
          </div>
          <div aria-hidden="true" className="mt-4 flex justify-center gap-1.5">
            {sequence.map((name, index) => (
              <span
                key={name}
                className={
                  index === active
                    ? 'h-1.5 w-5 rounded-full bg-brand-700 transition-all'
                    : 'h-1.5 w-1.5 rounded-full bg-slate-300 transition-all'
                }
              />
            ))}
          </div>
          <RadixDialog.Title className="mt-5 text-lg font-semibold text-slate-900">
            {t(kind === 'free' ? 'walletScreens.pending.free' : 'walletScreens.pending.paid')}
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-slate-600">
            {t('walletScreens.pending.doNotClose')}
          </RadixDialog.Description>
          {kind === 'paid' ? (
            <p className="mt-4 flex items-center justify-center gap-1.5 text-xs font-medium text-green-800">
              <Svg className="h-4 w-4">
                <rect x="5" y="10.5" width="14" height="10" rx="2" />
                <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
              </Svg>
              {t('walletScreens.pending.secure')}
            </p>
          ) : null}
          <div aria-live="polite" className="mt-4 min-h-6 text-sm">
            {slow ? (
              <p className="text-slate-700">
                {t('walletScreens.pending.slow')}{' '}
                <button
                  type="button"
                  onClick={onRefresh}
                  className="rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {t('walletScreens.pending.refresh')}
                </button>
              </p>
            ) : null}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
