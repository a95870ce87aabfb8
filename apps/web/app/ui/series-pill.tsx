import type { ReactNode } from 'react';
import { cn } from './cn';

/** "Series of 4 sessions", "Session 2 of 4": marks a series' line or session. */
export function SeriesPill({
  children,
  testId,
  className,
}: {
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800',
        className,
      )}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
