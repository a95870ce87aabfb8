import { useWords } from '#app/lib/words';
import { cn } from './cn';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md'; label?: string }) {
  const { t } = useWords();
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-2 border-current border-t-transparent',
          size === 'sm' ? 'h-4 w-4' : 'h-6 w-6',
        )}
      />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** Where a signed-in page goes while its data loads (the first load's HydrateFallback, the overview without a credential). */
export function PageSpinner() {
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner />
    </div>
  );
}
