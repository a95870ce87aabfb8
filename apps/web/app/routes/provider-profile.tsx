import { type Language, languageOf } from '@app/shared/constants';
import { providerIdOfSegment, providerSegment } from '@app/shared/provider-path';
import { REVIEW_SORTS, type ReviewSort } from '@app/shared/review-rules';
import type { PublicProvider } from '@app/shared/schemas/bookings';
import type { ReviewPage } from '@app/shared/schemas/reviews';
import { data, redirect } from 'react-router';
import { FeeText } from '#app/features/directory/components/fee-text';
import { displayName } from '#app/features/directory/components/provider-card';
import { ProviderCredentials, VerifiedBadge } from '#app/features/directory/components/provider-credentials';
import { LazyReplyDialog } from '#app/features/reviews/components/lazy-reply-dialog';
import { LazyReportDialog } from '#app/features/reviews/components/lazy-report-dialog';
import { ReviewList, type ReviewListPosition } from '#app/features/reviews/components/review-list';
import { LazyWaitlistDialog } from '#app/features/waitlist/components/lazy-waitlist-dialog';
import { WaitlistButton } from '#app/features/waitlist/components/waitlist-button';
import { zoneLabel } from '#app/lib/dates';
import { shortDateOf, timeOf } from '#app/lib/format';
import { loadPageWords } from '#app/lib/i18n';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { priceText } from '#app/lib/price';
import { jsonLd } from '#app/lib/seo';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useViewerZone } from '#app/lib/viewer-zone';
import { visitorCountryOf } from '#app/lib/visitor-country';
import { useWords } from '#app/lib/words';
import { Link } from '#app/ui/link';
import { PageLinks } from '#app/ui/page-links';
import { PersonAvatar } from '#app/ui/person-avatar';
import { StarRating } from '#app/ui/star-rating';
import type { Route } from './+types/provider-profile';

// The page's words (catalog-parts.ts), there before it hydrates or renders.
await loadPageWords('provider');

const isReviewSort = (value: string | null): value is ReviewSort =>
  (REVIEW_SORTS as readonly (string | null)[]).includes(value);

/** The reviews part of the page's query string: `reviewsSort` (newest by default) and `reviewsCursor`. */
function reviewsPosition(search: URLSearchParams): ReviewListPosition {
  const sort = search.get('reviewsSort');
  return { sort: isReviewSort(sort) ? sort : 'newest', cursor: search.get('reviewsCursor') || null };
}

/**
 * The page of `/providers/<id>-<slug>/`. An address with the id alone or an outdated slug is
 * sent on (301) to the canonical one, query string kept, so old links and bookmarks still work.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang: Language = languageOf(params.lang);
  const services = context.services;
  const url = new URL(request.url);
  const providerId = providerIdOfSegment(params.providerId);
  const position = reviewsPosition(url.searchParams);
  const found = providerId
    ? await services.directory.provider({
        providerId,
        language: lang,
        countryCode: visitorCountryOf(request, services.trustedCountry(request)),
        reviewsSort: position.sort,
        reviewsCursor: position.cursor,
      })
    : null;
  if (!found) throw data(null, { status: 404 });
  if (params.providerId !== providerSegment(found.provider)) {
    throw redirect(`${paths.provider(lang, found.provider)}${url.search}`, 301);
  }
  return { ...found, position, publicUrl: services.directory.publicUrl };
}

function Chips({ title, items }: { title: string; items: { identifier: string; name: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.identifier} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
            {item.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** schema.org data of the page: the therapist as a professional service with the rating and the reviews shown. */
function structuredData(provider: PublicProvider, reviews: ReviewPage, url: string, anonymous: string, lang: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': url,
    url,
    name: displayName(provider),
    description: provider.bio ?? provider.headline ?? undefined,
    image: provider.photo ?? undefined,
    address: provider.countryCode ? { '@type': 'PostalAddress', addressCountry: provider.countryCode } : undefined,
    priceRange:
      provider.fee && !provider.fee.isFree
        ? priceText(provider.fee.amount, provider.fee.currencyCode, lang)
        : undefined,
    aggregateRating:
      provider.rating !== null && provider.reviewCount > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: provider.rating,
            reviewCount: provider.reviewCount,
            bestRating: 5,
            worstRating: 0.5,
          }
        : undefined,
    review: reviews.data.map((review) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 0.5 },
      author: { '@type': 'Person', name: review.reviewer?.name ?? anonymous },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.comment ?? undefined,
    })),
  };
}

/** The next free times, in the viewer's zone once known (the provider's zone in the server's HTML). */
function NextSlots({
  slots,
  providerZone,
  bookAt,
}: {
  slots: string[];
  providerZone: string;
  /** Booking step 1 with this time chosen. */
  bookAt(slot: string): string;
}) {
  const { t, i18n } = useWords();
  const viewer = useViewerZone();
  const zone = viewer ?? providerZone;
  if (slots.length === 0) return <p className="text-sm text-slate-600">{t('bookingScreens.directory.noSlots')}</p>;
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-800">{t('searchScreens.nextTimes')}</h2>
      <ul className="mt-2 grid grid-cols-2 gap-2" data-testid="next-slots">
        {slots.map((slot) => {
          const date = shortDateOf(slot, zone, i18n.language);
          const time = timeOf(slot, zone, i18n.language);
          return (
            <li key={slot}>
              <Link
                to={bookAt(slot)}
                className="block rounded-lg bg-brand-50 px-2 py-1.5 text-center text-sm text-brand-900 ring-brand-600 hover:bg-brand-100 hover:ring-1"
                aria-label={t('bookingScreens.directory.bookAt', { date, time })}
              >
                <span className="block font-medium">{date}</span>
                <span className="tabular-nums">{time}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t('bookingScreens.facts.zone', { zone: zoneLabel(zone) })}</p>
    </div>
  );
}

/**
 * /providers/{id}/ (public, server-rendered): a therapist's profile with what they offer, the fee
 * (and approximately in the visitor's currency), the credentials that earn trust, the next free
 * times, the reviews a keyset page at a time in the chosen order (?reviewsSort=&reviewsCursor=),
 * schema.org data, and canonical and hreflang links.
 */
export default function ProviderProfile({ loaderData }: Route.ComponentProps) {
  const { t } = useWords();
  const { lang } = useLocaleData();
  const session = useSession();
  const { provider, reviews, position, publicUrl } = loaderData;
  const page = (language: Language) => paths.provider(language, provider);
  const name = displayName(provider);
  const reviewsHref = (next: ReviewListPosition) => {
    const search = new URLSearchParams();
    if (next.sort !== 'newest') search.set('reviewsSort', next.sort);
    if (next.cursor) search.set('reviewsCursor', next.cursor);
    return `?${search}`;
  };
  const ld = jsonLd(structuredData(provider, reviews, `${publicUrl}${page(lang)}`, t('reviewScreens.anonymous'), lang));

  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-white px-4 py-8 sm:py-12">
      <title>{`${name} · ${t('nav.brand')}`}</title>
      <meta name="description" content={provider.headline ?? provider.bio ?? name} />
      <PageLinks publicUrl={publicUrl} lang={lang} page={page} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd() */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ld }} />
      <div className="mx-auto max-w-5xl">
        <Link
          to={paths.providers(lang)}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          ← {t('bookingScreens.directory.back')}
        </Link>
        <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="flex flex-col gap-6">
            <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <PersonAvatar name={provider.name} photo={provider.photo} size="lg" />
                <div>
                  <div className="flex flex-wrap items-center gap-2">
                    <h1 className="text-2xl font-bold text-slate-900">{name}</h1>
                    {provider.verified ? <VerifiedBadge /> : null}
                  </div>
                  {provider.headline ? <p className="text-slate-700">{provider.headline}</p> : null}
                  <StarRating rating={provider.rating} count={provider.reviewCount} className="mt-1" />
                </div>
              </div>
              <ProviderCredentials provider={provider} />
              {provider.bio ? (
                <div className="mt-6">
                  <h2 className="text-lg font-semibold">{t('bookingScreens.profile.about')}</h2>
                  <p className="mt-2 whitespace-pre-line text-slate-700">{provider.bio}</p>
                </div>
              ) : null}
              <div className="mt-6 flex flex-col gap-5">
                <h2 className="text-lg font-semibold">{t('bookingScreens.profile.offers')}</h2>
                <Chips title={t('bookingScreens.profile.modalities')} items={provider.modalities} />
                <Chips title={t('bookingScreens.profile.specialities')} items={provider.specialities} />
                <Chips title={t('searchScreens.lists.language')} items={provider.languages} />
                <Chips title={t('searchScreens.lists.therapyApproach')} items={provider.approaches} />
                {provider.therapies.length > 0 ? (
                  <div>
                    <h3 className="text-sm font-semibold text-slate-700">{t('bookingScreens.profile.therapies')}</h3>
                    <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                      {provider.therapies.map((therapy) => (
                        <li key={therapy.identifier} className="flex justify-between gap-4 px-4 py-2.5 text-sm">
                          <span>{therapy.name}</span>
                          <span className="font-medium text-slate-900">
                            {therapy.fee
                              ? therapy.fee.isFree
                                ? t('bookingScreens.free')
                                : priceText(therapy.fee.amount, therapy.fee.currencyCode, lang)
                              : '—'}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            </section>
            <section
              aria-labelledby="reviews-heading"
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                <h2 id="reviews-heading" className="text-lg font-semibold">
                  {t('reviewScreens.title')}
                </h2>
                <StarRating rating={provider.rating} count={provider.reviewCount} />
              </div>
              <ReviewList
                reviews={reviews}
                position={position}
                hrefOf={reviewsHref}
                providerName={name}
                isProvider={session?.userId === provider.identifier}
              />
            </section>
          </div>
          <aside
            aria-label={t('bookingScreens.profile.bookingBox')}
            className="flex h-fit flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-6"
          >
            <div>
              <p className="text-sm text-slate-600">{t('bookingScreens.profile.sessionFee')}</p>
              <p className="text-xl font-bold text-slate-900">
                <FeeText fee={provider.fee} visitorFee={provider.visitorFee} />
              </p>
              <p className="text-sm text-slate-600">
                {t('bookingScreens.facts.minutes', { count: provider.sessionMinutes })}
              </p>
            </div>
            <NextSlots
              slots={provider.nextSlots}
              providerZone={provider.timezone}
              bookAt={(slot) => paths.booking(lang, provider.identifier, slot)}
            />
            <Link
              to={paths.booking(lang, provider.identifier)}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              {t('bookingScreens.profile.book')}
            </Link>
            <Link
              to={innerPaths.providerAvailability(lang, provider)}
              className="text-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {t('bookingScreens.profile.seeTimes')}
            </Link>
            <WaitlistButton providerId={provider.identifier} providerName={name} returnTo={page(lang)} />
          </aside>
        </div>
      </div>
      <LazyReportDialog />
      <LazyReplyDialog />
      <LazyWaitlistDialog />
    </main>
  );
}
