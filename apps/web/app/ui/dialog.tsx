import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useWords } from '#app/lib/words';
import { cn } from './cn';
import { useReturnFocus } from './return-focus';

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof SIZES;
  children: ReactNode;
}

/** An accessible modal (focus trap, Escape, labelled, focus back to its opener on close). Default size is small (SPEC.md §2). */
export function Dialog({ open, onOpenChange, title, description, size = 'sm', children }: DialogProps) {
  const { t } = useWords();
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
            SIZES[size],
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="rounded-md px-2 text-xl leading-none text-slate-600 hover:bg-slate-100"
              aria-label={t('dialog.close')}
            >
              ×
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm text-slate-600">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
