import type { TimeSlot } from '@app/shared/schemas/availability';
import type { BookingParty } from '@app/shared/schemas/bookings';
import type { SessionOutcomeAnswer } from '@app/shared/schemas/session-room';
import { REBOOK_WINDOW_HOURS } from '@app/shared/session-rules';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '#app/api/client';
import { longDateOf, timeOf, timeRangeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { Link } from '#app/ui/link';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { RoomStay } from '#app/ui/room-stay';
import { useToast } from '#app/ui/toast';
import { useSessionOutcome } from '../api/get-session-outcome';
import { useMarkClientNoShow } from '../api/mark-client-no-show';
import { useRebookSession } from '../api/rebook-session';
import { SESSION_MODALS } from '../lib/modals';
import { NoSessionReportSection } from './no-session-report';

/** The booking calendar of the session's therapist, given by the route (the bookings feature draws it). */
export type SlotPicker = (props: {
  value: TimeSlot | null;
  onChange(slot: TimeSlot | null): void;
  labelledBy: string;
}) => ReactNode;

export interface SessionOutcomePanelProps {
  bookingId: string;
  party: BookingParty;
  zone: string;
  renderSlotPicker: SlotPicker;
  /** Where a booking's details live (the replacement's page after booking it). */
  bookingPath(id: string): string;
  /** The booked end (the client may report within the dispute window after it). */
  endsAt?: string | null;
}

const OUTCOME_TONE: Record<string, string> = {
  completed: 'border-emerald-200 bg-emerald-50/60',
  interrupted: 'border-amber-200 bg-amber-50/60',
  client_no_show: 'border-red-100 bg-red-50/50',
  provider_no_show: 'border-red-100 bg-red-50/50',
};

/**
 * "What happened" on a finished booking: the outcome in the reader's words, the refund, the join
 * and leave times the room recorded, and what may still be done: the provider records a client
 * no-show (within 24 hours, when the room never saw them together), the client books the
 * replacement of a missed (half the fee) or interrupted (free) session within 48 hours.
 */
export function SessionOutcomePanel({
  bookingId,
  party,
  zone,
  renderSlotPicker,
  bookingPath,
  endsAt,
}: SessionOutcomePanelProps) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const modals = useModals();
  const query = useSessionOutcome(bookingId);
  const outcome = query.data;
  if (!outcome?.outcome) return null;
  const key = `sessionRoom.outcome.${outcome.outcome}`;
  const rebook = outcome.rebook;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border p-5 sm:p-6 ${OUTCOME_TONE[outcome.outcome] ?? ''}`}
      data-testid="session-outcome"
      data-outcome={outcome.outcome}
    >
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {t('sessionRoom.outcome.title')}: {t(`${key}.label`)}
      </h2>
      <p className="text-sm text-slate-700">{t(`${key}.${party}`)}</p>
      {outcome.decidedBy === 'provider' ? (
        <p className="mt-1 text-sm text-slate-600">{t('sessionRoom.outcome.markedByProvider')}</p>
      ) : null}
      {outcome.refundMinor > 0 ? (
        <p className="mt-1 text-sm font-medium text-slate-800">
          {t('sessionRoom.outcome.refunded', { amount: priceText(outcome.refundMinor, outcome.currencyCode, lang) })}
        </p>
      ) : null}
      {outcome.hasRoom ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-800">{t('sessionRoom.outcome.attendance')}</h3>
          {outcome.attendance.length === 0 ? (
            <p className="text-sm text-slate-600">{t('sessionRoom.outcome.nobody')}</p>
          ) : (
            <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700" data-testid="attendance">
              {outcome.attendance.map((stay) => (
                <li key={`${stay.party}-${stay.joinedAt}`}>
                  {t(`bookingScreens.actors.${stay.party}`)}: <RoomStay stay={stay} zone={zone} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {outcome.canMarkClientNoShow ? (
          <Button variant="secondary" onClick={() => modals.open(SESSION_MODALS.noShow)} data-testid="mark-no-show">
            {t('sessionRoom.noShow.action')}
          </Button>
        ) : null}
        {rebook.offered && rebook.until ? (
          <>
            <Button onClick={() => modals.open(SESSION_MODALS.rebook)} data-testid="rebook-session">
              {rebook.priceMinor
                ? t('sessionRoom.rebook.actionPaid', {
                    amount: priceText(rebook.priceMinor, outcome.currencyCode, lang),
                  })
                : t('sessionRoom.rebook.actionFree')}
            </Button>
            <p className="text-sm text-slate-600">
              {t('sessionRoom.rebook.until', {
                when: `${longDateOf(rebook.until, zone, i18n.language)}, ${timeOf(rebook.until, zone, i18n.language)}`,
              })}
            </p>
          </>
        ) : null}
        {rebook.bookingIdentifier ? (
          <Link
            to={bookingPath(rebook.bookingIdentifier)}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {t('sessionRoom.rebook.view')}
          </Link>
        ) : null}
      </div>
      {party === 'client' && endsAt ? (
        <NoSessionReportSection bookingId={bookingId} outcome={outcome.outcome} endsAt={endsAt} zone={zone} />
      ) : null}
      <NoShowDialog bookingId={bookingId} />
      {rebook.offered ? (
        <RebookDialog outcome={outcome} zone={zone} renderSlotPicker={renderSlotPicker} bookingPath={bookingPath} />
      ) : null}
    </section>
  );
}

function NoShowDialog({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const binding = useModalBinding(SESSION_MODALS.noShow);
  const modals = useModals();
  const toast = useToast();
  const mark = useMarkClientNoShow();
  return (
    <Dialog
      {...binding}
      title={t('sessionRoom.noShow.title')}
      description={t('sessionRoom.noShow.text', { hours: REBOOK_WINDOW_HOURS })}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('sessionRoom.noShow.cancel')}
        </Button>
        <Button
          variant="danger"
          loading={mark.isPending}
          onClick={() =>
            mark.mutate(bookingId, {
              onSuccess: () => {
                modals.closeAll();
                toast.success(t('sessionRoom.noShow.done'));
              },
              onError: (error) => toast.error(error.message),
            })
          }
          data-testid="confirm-no-show"
        >
          {t('sessionRoom.noShow.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

function RebookDialog({
  outcome,
  zone,
  renderSlotPicker,
  bookingPath,
}: {
  outcome: SessionOutcomeAnswer;
  zone: string;
  renderSlotPicker: SlotPicker;
  bookingPath(id: string): string;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const binding = useModalBinding(SESSION_MODALS.rebook);
  const modals = useModals();
  const navigate = useNavigate();
  const toast = useToast();
  const headingId = useId();
  const rebook = useRebookSession();
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const price = outcome.rebook.priceMinor ?? 0;
  return (
    <Dialog
      {...binding}
      size="lg"
      title={t('sessionRoom.rebook.title')}
      description={
        price > 0
          ? t('sessionRoom.rebook.textPaid', { amount: priceText(price, outcome.currencyCode, lang) })
          : t('sessionRoom.rebook.textFree')
      }
    >
      <h3 id={headingId} className="mb-2 text-sm font-semibold">
        {t('sessionRoom.rebook.pick')}
      </h3>
      {renderSlotPicker({ value: slot, onChange: setSlot, labelledBy: headingId })}
      {slot ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="rebook-choice">
          {longDateOf(slot.startAt, zone, i18n.language)}, {timeRangeOf(slot.startAt, slot.endAt, zone, i18n.language)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('sessionRoom.noShow.cancel')}
        </Button>
        <Button
          loading={rebook.isPending}
          data-testid="confirm-rebook"
          onClick={() => {
            if (!slot) return setError(t('bookings.selectTimeSlot'));
            setError(null);
            rebook.mutate(
              {
                bookingId: outcome.bookingIdentifier,
                body: { timeslotIdentifier: slot.identifier, acceptedPriceMinor: price },
              },
              {
                onSuccess: (booking) => {
                  modals.closeAll();
                  toast.success(t('sessionRoom.rebook.done'));
                  navigate(bookingPath(booking.identifier));
                },
                onError: (failure) =>
                  failure instanceof ApiError && failure.fieldErrors.timeslotIdentifier
                    ? setError(failure.fieldErrors.timeslotIdentifier[0] ?? failure.message)
                    : setError(failure.message),
              },
            );
          }}
        >
          {price > 0
            ? t('sessionRoom.rebook.confirmPaid', { amount: priceText(price, outcome.currencyCode, lang) })
            : t('sessionRoom.rebook.confirmFree')}
        </Button>
      </div>
    </Dialog>
  );
}
