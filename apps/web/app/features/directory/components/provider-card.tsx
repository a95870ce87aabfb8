import type { DirectoryProvider } from '@app/shared/schemas/bookings';
import { shortDateOf, timeOf } from '#app/lib/format';
import { paths } from '#app/lib/paths';
import { useLang } from '#app/lib/use-lang';
import { useWords } from '#app/lib/words';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { PersonAvatar } from '#app/ui/person-avatar';
import { StarRating } from '#app/ui/star-rating';
import { FeeText } from './fee-text';

export function displayName(provider: Pick<DirectoryProvider, 'name' | 'title'>): string {
  return provider.title ? `${provider.title} ${provider.name}` : provider.name;
}

/**
 * "Next available: Mon 23 Nov, 9:00 AM" in the viewer's zone (nothing until the zone is known);
 * with `href`, the time is a link that starts the booking with it chosen.
 */
export function NextSlotText({ at, zone, href }: { at: string | null; zone: string | null; href?: string }) {
  const { t, i18n } = useWords();
  if (!at) return <>{t('bookingScreens.directory.noSlots')}</>;
  if (!zone) return <>{t('bookingScreens.directory.nextAvailableLabel')}</>;
  const words = { date: shortDateOf(at, zone, i18n.language), time: timeOf(at, zone, i18n.language) };
  const text = t('bookingScreens.directory.nextAvailable', words);
  if (!href) return <>{text}</>;
  return (
    <Link
      to={href}
      className="font-medium underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
      aria-label={t('bookingScreens.directory.bookAt', words)}
      data-testid="next-slot-link"
    >
      {text}
    </Link>
  );
}

const linkButton =
  'inline-flex min-h-10 flex-1 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold transition-colors';

/** A therapist in the directory: photo, name, headline, fee in their currency, next free slot. */
export function ProviderCard({
  provider,
  zone,
  children,
}: {
  provider: DirectoryProvider;
  zone: string | null;
  /** Extra lines under the facts (a recommendation's reasons). */
  children?: React.ReactNode;
}) {
  const { t } = useWords();
  const lang = useLang();
  const name = displayName(provider);
  const headingId = `provider-${provider.identifier}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
      data-testid="provider-card"
    >
      <div className="flex items-start gap-4">
        <PersonAvatar name={provider.name} photo={provider.photo} />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            <Link to={paths.provider(lang, provider)} className="hover:text-brand-700">
              {name}
            </Link>
          </h2>
          {provider.headline ? <p className="text-sm text-slate-600">{provider.headline}</p> : null}
          <StarRating rating={provider.rating} count={provider.reviewCount} className="mt-1" />
        </div>
      </div>
      <dl className="mt-4 flex flex-col gap-1.5 text-sm">
        <div className="flex gap-2">
          <dt className="sr-only">{t('bookingScreens.directory.fee')}</dt>
          <dd className="font-semibold text-slate-900">
            <FeeText fee={provider.fee} visitorFee={provider.visitorFee} />
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="sr-only">{t('bookingScreens.directory.nextSlot')}</dt>
          <dd className={cn(provider.nextAvailableAt ? 'text-brand-800' : 'text-slate-600')}>
            <NextSlotText
              at={provider.nextAvailableAt}
              zone={zone}
              href={
                provider.nextAvailableAt
                  ? paths.booking(lang, provider.identifier, provider.nextAvailableAt)
                  : undefined
              }
            />
          </dd>
        </div>
      </dl>
      {children}
      <div className="mt-5 flex gap-2 pt-1">
        <Link
          to={paths.provider(lang, provider)}
          className={cn(linkButton, 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50')}
          aria-label={t('bookingScreens.directory.viewProfileOf', { name })}
        >
          {t('bookingScreens.directory.viewProfile')}
        </Link>
        <Link
          to={paths.booking(lang, provider.identifier)}
          className={cn(linkButton, 'bg-brand-700 text-white hover:bg-brand-800')}
          aria-label={t('bookingScreens.directory.bookWith', { name })}
        >
          {t('bookingScreens.directory.book')}
        </Link>
      </div>
    </article>
  );
}
