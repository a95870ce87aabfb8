import type { BookingLine } from '@app/shared/schemas/booking-lists';
import type { Booking } from '@app/shared/schemas/bookings';
import type { ClientOverview as ClientOverviewData } from '@app/shared/schemas/overview';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { longDateOf, timeOf } from '#app/lib/format';
import { money, moneyList } from '#app/lib/money';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { PersonAvatar } from '#app/ui/person-avatar';
import { SeriesPill } from '#app/ui/series-pill';
import { buttonLinkClass, FigureLink, linkClass, OverviewCard, secondaryLinkClass } from './card';

import { SessionWhen } from './when';

export interface ClientOverviewProps {
  overview: ClientOverviewData;
  now: number;
  /** "Join the session" while the booking's room is open (the session room's link). */
  renderJoin(booking: Booking): ReactNode;
  /** "Message" the other side (the messages feature's button). */
  renderMessage(userIdentifier: string): ReactNode;
}

function NextSession({
  booking,
  zone,
  now,
  renderJoin,
  renderMessage,
}: { booking: Booking; zone: string; now: number } & Pick<ClientOverviewProps, 'renderJoin' | 'renderMessage'>) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const details = innerPaths.appointment(lang, booking.identifier);
  return (
    <OverviewCard id="next-session" title={t('overview.client.nextSession')} className="lg:col-span-2">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <PersonAvatar name={booking.provider.name} photo={booking.provider.photo} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 text-lg font-semibold text-slate-900">
            <span data-testid="next-session-provider">{booking.provider.name}</span>
            {booking.series ? (
              <SeriesPill testId="next-session-series">
                {t('bookingScreens.series.sessionOf', {
                  index: booking.series.index + 1,
                  count: booking.series.occurrences,
                })}
              </SeriesPill>
            ) : null}
          </p>
          <SessionWhen startAt={booking.startAt ?? ''} endAt={booking.endAt} zone={zone} now={now} />
          <p className="text-sm text-slate-600">
            {[booking.therapyCategory?.name, booking.modality?.name].filter(Boolean).join(' · ')}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {renderJoin(booking)}
            <Link to={details} className={secondaryLinkClass} data-testid="next-session-details">
              {t('overview.client.details')}
            </Link>
            <Link to={`${details}?reschedule=1`} className={secondaryLinkClass} data-testid="next-session-reschedule">
              {t('overview.client.reschedule')}
            </Link>
            {renderMessage(booking.provider.identifier)}
          </div>
        </div>
      </div>
    </OverviewCard>
  );
}

/**
 * What waits for payment, a held series as one line: its next session's date and time, the price
 * per session, a link to its sessions, and "Pay for the series" (the payment step offers the
 * series' unpaid sessions at once first).
 */
function AwaitingPayment({ bookings, zone, now }: { bookings: BookingLine[]; zone: string; now: number }) {
  const { t, i18n } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <OverviewCard id="awaiting-payment" title={t('overview.client.awaitingPayment')} className="lg:col-span-2">
      <ul className="divide-y divide-slate-100">
        {bookings.map((booking) => {
          const minutes = Math.max(0, Math.ceil((Date.parse(booking.holdExpiresAt ?? '') - now) / 60_000));
          const series = booking.seriesSessions ? (booking.series?.occurrences ?? booking.seriesSessions.length) : 0;
          return (
            <li
              key={booking.identifier}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="awaiting-line"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
                  <span>{booking.provider.name}</span>
                  {series ? (
                    <SeriesPill testId="awaiting-series">
                      {t('bookingScreens.series.seriesOf', { count: series })}
                    </SeriesPill>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  {booking.startAt
                    ? `${longDateOf(booking.startAt, zone, i18n.language)} · ${timeOf(booking.startAt, zone, i18n.language)}`
                    : null}
                </p>
                {series ? (
                  <p className="text-sm text-slate-700">
                    {t('bookingScreens.perSession', { price: money(booking.priceMinor, booking.currencyCode, lang) })}
                    {' · '}
                    <Link
                      to={innerPaths.appointment(lang, booking.identifier)}
                      className={linkClass}
                      data-testid="awaiting-series-sessions"
                    >
                      {t('overview.client.allSessions', { count: series })}
                    </Link>
                  </p>
                ) : null}
                <p className="text-sm font-medium text-amber-800" data-testid="hold-remaining">
                  {t(series ? 'overview.client.holdRemainingSeries' : 'overview.client.holdRemaining', {
                    count: minutes,
                  })}
                </p>
              </div>
              <Link
                to={innerPaths.payment(lang, booking.identifier)}
                className={buttonLinkClass}
                data-testid="pay-link"
              >
                {series
                  ? t('overview.client.paySeries')
                  : t('overview.client.pay', { amount: money(booking.priceMinor, booking.currencyCode, lang) })}
              </Link>
            </li>
          );
        })}
      </ul>
    </OverviewCard>
  );
}

function Recommended({ overview }: { overview: ClientOverviewData }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <OverviewCard
      id="recommended"
      title={t('overview.client.recommended')}
      className="lg:col-span-3"
      action={
        <Link to={paths.recommendedProvider(lang)} className={linkClass}>
          {t('overview.client.seeAllRecommended')}
        </Link>
      }
    >
      {!overview.hasPreferences ? (
        <p className="mb-3 text-sm text-slate-700">
          {t('overview.client.noPreferences')}{' '}
          <Link to={paths.preference(lang)} className={linkClass}>
            {t('overview.client.setPreferences')}
          </Link>
        </p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-3">
        {overview.recommended.map((provider) => {
          const name = [provider.title, provider.name].filter(Boolean).join(' ');
          return (
            <li key={provider.identifier} className="flex gap-3 rounded-xl border border-slate-200 p-3">
              <PersonAvatar name={provider.name} photo={provider.photo} size="sm" />
              <div className="min-w-0">
                <Link
                  to={paths.provider(lang, provider)}
                  className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {name}
                </Link>
                <ul className="mt-1 flex flex-wrap gap-1">
                  {provider.reasons.slice(0, 3).map((reason) => (
                    <li key={reason.code} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
                      {reason.label}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </OverviewCard>
  );
}

/** A new client: what to do first. */
function Welcome() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <section
      aria-labelledby="welcome-heading"
      data-testid="welcome"
      className="rounded-2xl bg-gradient-to-br from-brand-50 to-white p-6 ring-1 ring-brand-100 lg:col-span-3"
    >
      <h2 id="welcome-heading" className="text-xl font-semibold text-slate-900">
        {t('overview.client.welcomeTitle')}
      </h2>
      <p className="mt-1 max-w-2xl text-slate-700">{t('overview.client.welcomeText')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={paths.providers(lang)} className={buttonLinkClass}>
          {t('overview.client.findTherapist')}
        </Link>
        <Link to={paths.preference(lang)} className={secondaryLinkClass}>
          {t('overview.client.setPreferences')}
        </Link>
      </div>
    </section>
  );
}

/** The client's overview: the next session first, then what needs doing, the wallet, the counts, suggestions. */
export function ClientOverview({ overview, now, renderJoin, renderMessage }: ClientOverviewProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = overview.timezone;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {!overview.hasBookings ? <Welcome /> : null}
      {overview.nextSession ? (
        <NextSession
          booking={overview.nextSession}
          zone={zone}
          now={now}
          renderJoin={renderJoin}
          renderMessage={renderMessage}
        />
      ) : overview.hasBookings ? (
        <OverviewCard id="next-session" title={t('overview.client.nextSession')} className="lg:col-span-2">
          <p className="text-slate-700">{t('overview.client.noNextSession')}</p>
          <Link to={paths.providers(lang)} className={`${buttonLinkClass} mt-3`}>
            {t('overview.client.bookAgain')}
          </Link>
        </OverviewCard>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3 lg:col-span-1 lg:grid-cols-1">
        <FigureLink
          to={paths.wallet(lang)}
          label={t('overview.client.wallet')}
          value={money(overview.wallet.balance, overview.wallet.currency, lang)}
          hint={
            overview.wallet.others.length > 0
              ? t('overview.client.walletOthers', { amounts: moneyList(overview.wallet.others, lang) })
              : t('overview.client.topUp')
          }
          testId="overview-wallet"
        />
        <FigureLink
          to={paths.messages(lang)}
          label={t('overview.unreadMessages')}
          value={String(overview.unreadMessages)}
          testId="unread-messages"
        />
        <FigureLink
          to={paths.notifications(lang)}
          label={t('overview.unreadNotifications')}
          value={String(overview.unreadNotifications)}
          testId="unread-notifications"
        />
      </div>
      {overview.awaitingPayment.length > 0 ? (
        <AwaitingPayment bookings={overview.awaitingPayment} zone={zone} now={now} />
      ) : null}
      {overview.recommended.length > 0 ? <Recommended overview={overview} /> : null}
    </div>
  );
}
