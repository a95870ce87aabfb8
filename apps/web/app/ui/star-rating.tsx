import { useId } from 'react';
import { useWords } from '#app/lib/words';
import { cn } from './cn';

/** The five stars' outline, side by side, each 20 units wide (a star drawn in a 20 × 20 box). */
const FIVE_STARS = [0, 20, 40, 60, 80]
  .map((x) => `M${10 + x} 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L${10 + x} 14.9l-5.2 2.8 1-5.9L${1.5 + x} 7.7l5.9-.8z`)
  .join('');

/**
 * Five stars filled up to the rating in half steps, as one drawing (decorative: the rating is read
 * out from the label): the stars once, filled where a clip of the rating's width lets them, and
 * outlined. Five drawings of a star each were ten to fourteen elements a rating, a directory page's
 * twelve ratings a sixth of its elements to render and hydrate.
 */
function Stars({ rating, id }: { rating: number; id: string }) {
  // A star is full at its number and half from half a point below it (4.8: four and a half).
  const filled = Math.floor(rating * 2) / 2;
  return (
    <svg viewBox="0 0 100 20" aria-hidden="true" className="h-4 w-20">
      <defs>
        <path id={`${id}-stars`} d={FIVE_STARS} />
        <clipPath id={`${id}-filled`}>
          <rect width={filled * 20} height="20" />
        </clipPath>
      </defs>
      <use href={`#${id}-stars`} fill="currentColor" clipPath={`url(#${id}-filled)`} />
      <use href={`#${id}-stars`} fill="transparent" stroke="currentColor" strokeWidth="1.2" />
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
        <Stars rating={rating} id={id} />
      </span>
      <span className="font-semibold text-slate-900" aria-hidden="true">
        {value}
      </span>
      {count !== undefined ? <span className="text-slate-600">{t('reviewScreens.reviewCount', { count })}</span> : null}
    </span>
  );
}
