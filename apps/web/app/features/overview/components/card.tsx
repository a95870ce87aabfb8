import type { ReactNode } from 'react';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';

/** A titled section of the overview. */
export function OverviewCard({
  id,
  title,
  children,
  className,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid={id}
      className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A figure that links to where it is acted on (a count, a balance). */
export function FigureLink({
  to,
  label,
  value,
  testId,
  hint,
}: {
  to: string;
  label: string;
  value: string;
  testId: string;
  hint?: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:border-brand-600"
    >
      <span className="text-sm text-slate-600">{label}</span>
      <span className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </span>
      {hint ? <span className="mt-1 text-sm font-medium text-brand-700">{hint}</span> : null}
    </Link>
  );
}

export const linkClass = 'text-sm font-semibold text-brand-700 underline-offset-2 hover:underline';
export const buttonLinkClass =
  'inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';
export const secondaryLinkClass =
  'inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
