import type { ReactNode } from 'react';

/** "Series of 4 sessions", "Session 2 of 4": marks a series' line in a short list. */
export function SeriesPill({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span
      className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800"
      data-testid={testId}
    >
      {children}
    </span>
  );
}
