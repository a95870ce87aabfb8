import type { BookingLine } from '@app/shared/schemas/booking-lists';
import type { Booking } from '@app/shared/schemas/bookings';
import type { ProviderChecklistItem, ProviderOverview as ProviderOverviewData } from '@app/shared/schemas/overview';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '#app/lib/dates';
import { longDateOf, timeOf, timeRangeOf } from '#app/lib/format';
import { money } from '#app/lib/money';
import { type Page, paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { ListingChecklist } from '#app/ui/listing-checklist';
import { PersonAvatar } from '#app/ui/person-avatar';
import { SeriesPill } from '#app/ui/series-pill';
import { FigureLink, linkClass, OverviewCard } from './card';
import { relativeDay } from './when';

/** Where each checklist item is put right. */
export const CHECKLIST_PATHS: Record<ProviderChecklistItem, Page> = {
  profile: innerPaths.onboarding,
  fees: paths.account,
  availability: paths.myAvailability,
  credentials: paths.myCredentials,
  insurance: paths.myCredentials,
};

const STANDING_TONE = {
  live: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  awaitingReview: 'bg-sky-50 text-sky-900 ring-sky-200',
  notSubmitted: 'bg-amber-50 text-amber-900 ring-amber-200',
  rejected: 'bg-red-50 text-red-900 ring-red-200',
  insuranceLapsed: 'bg-red-50 text-red-900 ring-red-200',
  incomplete: 'bg-amber-50 text-amber-900 ring-amber-200',
  suspended: 'bg-red-50 text-red-900 ring-red-200',
} as const;

function Standing({ overview }: { overview: ProviderOverviewData }) {
  const { t, i18n } = useTranslation();
  const { lang } = useLocaleData();
  const open = overview.checklist.filter((entry) => !entry.done);
  return (
    <OverviewCard id="standing" title={t('overview.provider.standingTitle')} className="lg:col-span-3">
      <p
        className={cn('rounded-xl px-4 py-3 text-sm font-medium ring-1', STANDING_TONE[overview.standing])}
        data-testid="standing-status"
        data-standing={overview.standing}
      >
        {t(`overview.provider.standing.${overview.standing}`)}
      </p>
      {overview.listingMissing.length > 0 ? (
        <ListingChecklist missing={overview.listingMissing} audience="provider" className="mt-4" />
      ) : null}
      {open.length > 0 ? (
        <ul className="mt-4 grid gap-2 sm:grid-cols-2" data-testid="checklist">
          {overview.checklist.map((entry) => (
            <li key={entry.item} className="flex items-start gap-3 rounded-xl border border-slate-200 px-4 py-3">
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                  entry.done ? 'bg-emerald-600 text-white' : 'border-2 border-amber-500 text-amber-700',
                )}
              >
                {entry.done ? '✓' : '!'}
              </span>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {t(`overview.provider.checklist.${entry.item}`)}
                  <span className="sr-only">
                    {' '}
                    — {t(entry.done ? 'overview.provider.done' : 'overview.provider.todo')}
                  </span>
                </p>
                {entry.item === 'insurance' && entry.expiresOn ? (
                  <p className={cn('text-sm', entry.expiringSoon ? 'text-amber-800' : 'text-slate-600')}>
                    {t(
                      entry.expiringSoon ? 'overview.provider.insuranceExpiring' : 'overview.provider.insuranceUntil',
                      {
                        date: formatLongDate(entry.expiresOn, i18n.language),
                      },
                    )}
                  </p>
                ) : null}
                {!entry.done ? (
                  <Link
                    to={CHECKLIST_PATHS[entry.item](lang)}
                    className={linkClass}
                    data-testid={`checklist-${entry.item}`}
                  >
                    {t(`overview.provider.fix.${entry.item}`)}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </OverviewCard>
  );
}

/**
 * Today's or the next sessions, a series as one line: "Series of 4 sessions", its next session's
 * day and time and which session that is, linking to that session, where every session of the
 * series is listed.
 */
function SessionList({
  bookings,
  zone,
  now,
  withDay,
  testId,
  renderJoin,
}: {
  bookings: BookingLine[];
  zone: string;
  now: number;
  withDay: boolean;
  testId: string;
  renderJoin?: ProviderOverviewProps['renderJoin'];
}) {
  const { t, i18n } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <ul className="divide-y divide-slate-100" data-testid={testId}>
      {bookings.map((booking) => (
        <li key={booking.identifier} className="flex flex-wrap items-center gap-x-3 sm:flex-nowrap">
          <Link
            to={innerPaths.appointment(lang, booking.identifier)}
            className="flex min-w-0 flex-1 items-center gap-3 py-3 hover:bg-slate-50"
          >
            <PersonAvatar name={booking.client.name} photo={booking.client.photo} size="sm" />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
                <span>{booking.client.name}</span>
                {booking.seriesSessions && booking.series ? (
                  <SeriesPill testId="session-series">
                    {t('bookingScreens.series.seriesOf', { count: booking.series.occurrences })}
                  </SeriesPill>
                ) : null}
              </span>
              <span className="block text-sm text-slate-700">
                {withDay && booking.startAt
                  ? `${relativeDay(booking.startAt, zone, now, i18n.language)} · ${longDateOf(booking.startAt, zone, i18n.language)} · `
                  : null}
                <span className="tabular-nums">
                  {booking.startAt ? timeRangeOf(booking.startAt, booking.endAt, zone, i18n.language) : null}
                </span>
              </span>
              <span className="block text-xs text-slate-600">
                {[
                  booking.seriesSessions && booking.series
                    ? t('bookingScreens.series.sessionOf', {
                        index: booking.series.index + 1,
                        count: booking.series.occurrences,
                      })
                    : null,
                  booking.therapyCategory?.name,
                  booking.modality?.name,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
          </Link>
          {renderJoin ? <div className="w-full pb-3 sm:w-auto sm:pb-0">{renderJoin(booking)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

export interface ProviderOverviewProps {
  overview: ProviderOverviewData;
  now: number;
  /** "Join the session" while a session's room is open (the session room's link), as the client has. */
  renderJoin?(booking: Booking): ReactNode;
}

/** The provider's overview: standing and checklist, today's and the next sessions, requests, earnings. */
export function ProviderOverview({ overview, now, renderJoin }: ProviderOverviewProps) {
  const { t, i18n } = useTranslation();
  const { lang } = useLocaleData();
  const zone = overview.timezone;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Standing overview={overview} />
      <OverviewCard
        id="today-sessions"
        title={t('overview.provider.today')}
        className="lg:col-span-2"
        action={
          <Link to={paths.appointments(lang)} className={linkClass}>
            {t('overview.provider.allAppointments')}
          </Link>
        }
      >
        {overview.today.length === 0 ? (
          <p className="text-slate-700">{t('overview.provider.noSessionsToday')}</p>
        ) : (
          <SessionList
            bookings={overview.today}
            zone={zone}
            now={now}
            withDay={false}
            testId="today-list"
            renderJoin={renderJoin}
          />
        )}
        <h3 className="mt-5 text-base font-semibold text-slate-900">{t('overview.provider.next')}</h3>
        {overview.upcoming.length === 0 ? (
          <p className="mt-1 text-slate-700">{t('overview.provider.noUpcoming')}</p>
        ) : (
          <SessionList
            bookings={overview.upcoming}
            zone={zone}
            now={now}
            withDay
            testId="upcoming-list"
            renderJoin={renderJoin}
          />
        )}
      </OverviewCard>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <FigureLink
          to={paths.earnings(lang)}
          label={t('overview.provider.monthEarnings')}
          value={money(overview.earnings.thisMonth, overview.earnings.currency, lang)}
          testId="month-earnings"
        />
        <FigureLink
          to={paths.earnings(lang)}
          label={t('overview.provider.available')}
          value={money(overview.earnings.available, overview.earnings.currency, lang)}
          hint={t('overview.provider.withdraw')}
          testId="available-balance"
        />
        <FigureLink
          to={paths.messages(lang)}
          label={t('overview.unreadMessages')}
          value={String(overview.unreadMessages)}
          testId="unread-messages"
        />
      </div>
      {overview.rescheduleRequests.length > 0 ? (
        <OverviewCard
          id="reschedule-requests"
          title={t('overview.provider.rescheduleRequests')}
          className="lg:col-span-3"
        >
          <ul className="divide-y divide-slate-100">
            {overview.rescheduleRequests.map((booking) => (
              <li key={booking.identifier} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p className="text-slate-800">
                  {t('overview.provider.rescheduleAsked', {
                    name: booking.client.name,
                    from: booking.startAt
                      ? `${longDateOf(booking.startAt, zone, i18n.language)} ${timeOf(booking.startAt, zone, i18n.language)}`
                      : '',
                    to: booking.rescheduleInfo.proposedStartAt
                      ? `${longDateOf(booking.rescheduleInfo.proposedStartAt, zone, i18n.language)} ${timeOf(booking.rescheduleInfo.proposedStartAt, zone, i18n.language)}`
                      : '',
                  })}
                </p>
                <Link
                  to={innerPaths.appointment(lang, booking.identifier)}
                  className={linkClass}
                  data-testid="answer-reschedule"
                >
                  {t('overview.provider.answer')}
                </Link>
              </li>
            ))}
          </ul>
        </OverviewCard>
      ) : null}
    </div>
  );
}
