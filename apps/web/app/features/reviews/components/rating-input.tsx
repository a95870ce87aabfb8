import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_RATING_STEP } from '@app/shared/schemas/reviews';
import { useId } from 'react';
import { useWords } from '#app/lib/words';
import { cn } from '#app/ui/cn';
import { StarRating } from '#app/ui/star-rating';

const STEPS = Array.from(
  { length: Math.round((REVIEW_RATING_MAX - REVIEW_RATING_MIN) / REVIEW_RATING_STEP) + 1 },
  (_, index) => REVIEW_RATING_MIN + index * REVIEW_RATING_STEP,
);

/** A rating in half steps (SPEC.md §5): ten labelled radio buttons and the stars they make. */
export function RatingInput({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange(value: number): void;
  error?: string;
}) {
  const { t, i18n } = useWords();
  const id = useId();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('reviewScreens.form.rating')}</legend>
      {value !== undefined ? <StarRating rating={value} /> : null}
      <div className="flex flex-wrap gap-1.5">
        {STEPS.map((step) => (
          <label
            key={step}
            className={cn(
              'inline-flex min-h-9 min-w-11 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              value === step
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600',
            )}
          >
            <input
              type="radio"
              name={`${id}-rating`}
              value={step}
              checked={value === step}
              onChange={() => onChange(step)}
              className="sr-only"
              aria-label={t('reviewScreens.ratingLabel', { rating: format.format(step) })}
            />
            <span aria-hidden="true">{format.format(step)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
