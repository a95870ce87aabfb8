import { ApiError } from '#app/api/client';
import { useWords } from '#app/lib/words';
import { Button } from './button';

/** A loading failure shown where the data would be (SPEC.md §8: the calendar shows the error message inline). */
export function InlineError({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying?: boolean }) {
  const { t } = useWords();
  const message = error instanceof ApiError ? error.message : t('accounts.networkError');
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm">
      <p role="alert" className="text-red-800">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        {t('availabilityScreens.retry')}
      </Button>
    </div>
  );
}
