import type { ReactNode } from 'react';
import { cn } from '#app/ui/cn';

/** A scrollable data table with a (visually hidden) caption and header cells. */
export function DataTable({
  caption,
  columns,
  children,
  testId,
}: {
  caption: string;
  columns: ReactNode[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    // Relative: the visually hidden header texts are absolutely positioned; without a positioned
    // scroller they escape its clipping and widen the whole page on a phone.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable), to scroll a table wider than a phone.
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[44rem] text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
              <th key={index} scope="col" className="px-3 py-2 whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </section>
  );
}

export function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cn('px-3 py-2 align-top', className)}>{children}</td>;
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-6 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}

const TONES = {
  neutral: 'bg-slate-100 text-slate-800',
  warning: 'bg-amber-100 text-amber-900',
  success: 'bg-green-100 text-green-900',
  danger: 'bg-red-100 text-red-900',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={cn('inline-block max-w-full rounded-full px-2 py-0.5 text-xs font-medium', TONES[tone])}>
      {children}
    </span>
  );
}

export const VERIFICATION_TONE = {
  draft: 'neutral',
  submitted: 'warning',
  approved: 'success',
  rejected: 'danger',
} as const;
