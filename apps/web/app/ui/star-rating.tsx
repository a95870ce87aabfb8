import { useId } from 'react';
import { useWords } from '#app/lib/words';
import { cn } from './cn';

/**
 * A star drawn full, half or empty (decorative: the rating is read out from the label). Only a
 * half star carries its gradient: a directory page of ratings is a sixth fewer elements to hydrate.
 */
function Star({ fill, gradientId }: { fill: 'full' | 'half' | 'empty'; gradientId: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4">
      {fill === 'half' ? (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      ) : null}
      <path
        d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z"
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${gradientId})` : 'transparent'}
        stroke="currentColor"
        strokeWidth="1.2"
      />
    </svg>
  );
}

const ratingFormats = new Map<string, Intl.NumberFormat>();
/** "4.5" / "4,5": one formatter per language, made once (a directory page shows a dozen ratings). */
function ratingText(rating: number, language: string): string {
  let format = ratingFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    ratingFormats.set(language, format);
  }
  return format.format(rating);
}

/** Five stars for a rating in half steps, with "4.5 out of 5" for screen readers and the count beside. */
export function StarRating({
  rating,
  count,
  className,
}: {
  rating: number | null;
  count?: number;
  className?: string;
}) {
  const { t, i18n } = useWords();
  const id = useId();
  if (rating === null) {
    return <span className={cn('text-sm text-slate-600', className)}>{t('reviewScreens.noReviews')}</span>;
  }
  const value = ratingText(rating, i18n.language);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5 text-sm', className)}>
      <span
        className="inline-flex text-amber-500"
        role="img"
        aria-label={t('reviewScreens.ratingLabel', { rating: value })}
      >
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            gradientId={`${id}-${star}`}
            fill={rating >= star ? 'full' : rating >= star - 0.5 ? 'half' : 'empty'}
          />
        ))}
      </span>
      <span className="font-semibold text-slate-900" aria-hidden="true">
        {value}
      </span>
      {count !== undefined ? <span className="text-slate-600">{t('reviewScreens.reviewCount', { count })}</span> : null}
    </span>
  );
}
