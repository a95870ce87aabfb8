import type { ReactNode } from 'react';
import { Button } from '#app/ui/button';

/** The success state of a booking dialog: a tick, a headline (announced), details and one button. */
export function SuccessView({
  title,
  children,
  actionLabel,
  onAction,
}: {
  title: ReactNode;
  children?: ReactNode;
  actionLabel: string;
  onAction(): void;
}) {
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="booking-success">
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-2xl font-bold text-green-800"
      >
        ✓
      </span>
      <p role="status" className="text-base font-semibold text-slate-900">
        {title}
      </p>
      {children ? <div className="flex flex-col gap-2 text-sm text-slate-700">{children}</div> : null}
      <Button onClick={onAction} className="mt-2 w-full sm:w-auto">
        {actionLabel}
      </Button>
    </div>
  );
}
