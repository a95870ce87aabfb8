import { BOOKING_NOTE_MAX } from '@app/shared/schemas/bookings';
import {
  type NoSessionReport,
  type NoSessionReportBody,
  NoSessionReportBodySchema,
} from '@app/shared/schemas/session-room';
import { canReportNoSession, disputeWindowEndsAt, type SessionOutcome } from '@app/shared/session-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { dateTimeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { useNow } from '#app/lib/use-now';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { TextAreaField } from '#app/ui/form-fields';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useNoSessionReport, useReportNoSession } from '../api/no-session-report';
import { SESSION_MODALS } from '../lib/modals';

export interface NoSessionReportSectionProps {
  bookingId: string;
  outcome: SessionOutcome;
  /** The booked end: the dispute window runs from it (session-rules). */
  endsAt: string;
  zone: string;
}

/**
 * The client's "the session did not take place": offered within the dispute window after a
 * session whose outcome paid the therapist (canReportNoSession decides, as the API does); once
 * sent, what became of it (waiting for the operator, or decided, with the refund).
 */
export function NoSessionReportSection({ bookingId, outcome, endsAt, zone }: NoSessionReportSectionProps) {
  const { t, i18n } = useTranslation();
  const modals = useModals();
  const now = useNow(60_000);
  const query = useNoSessionReport(bookingId);
  if (query.isPending || query.isError) return null;
  const report = query.data;
  if (report) return <ReportState report={report} zone={zone} />;
  if (!canReportNoSession({ outcome, endsAt: new Date(endsAt), now: new Date(now), reported: false })) return null;
  const until = disputeWindowEndsAt(new Date(endsAt)).toISOString();
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="no-session-report">
      <Button variant="secondary" onClick={() => modals.open(SESSION_MODALS.noSessionReport)}>
        {t('sessionRoom.noSession.action')}
      </Button>
      <p className="mt-2 text-sm text-slate-600">
        {t('sessionRoom.noSession.hint', { when: dateTimeOf(until, zone, i18n.language) })}
      </p>
      <ReportDialog bookingId={bookingId} />
    </div>
  );
}

function ReportState({ report, zone }: { report: NoSessionReport; zone: string }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const reportedAt = dateTimeOf(report.reportedAt, zone, i18n.language);
  const text =
    report.decision === null
      ? t('sessionRoom.noSession.waiting', { when: reportedAt })
      : report.decision === 'did_not_take_place'
        ? t('sessionRoom.noSession.refunded', { amount: priceText(report.refundMinor, report.currencyCode, lang) })
        : t('sessionRoom.noSession.tookPlace');
  return (
    <div
      className="mt-4 rounded-xl border border-slate-200 bg-white/70 px-4 py-3"
      data-testid="no-session-report-state"
      data-decision={report.decision ?? 'waiting'}
    >
      <h3 className="text-sm font-semibold text-slate-800">
        {t(report.decision === null ? 'sessionRoom.noSession.reported' : 'sessionRoom.noSession.decided')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
    </div>
  );
}

function ReportDialog({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const binding = useModalBinding(SESSION_MODALS.noSessionReport);
  return (
    <Dialog {...binding} title={t('sessionRoom.noSession.title')} description={t('sessionRoom.noSession.text')}>
      {binding.open ? <ReportForm bookingId={bookingId} /> : null}
    </Dialog>
  );
}

/** Mounted with the open dialog, so every opening starts empty. */
function ReportForm({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const modals = useModals();
  const toast = useToast();
  const send = useReportNoSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ note: string }, unknown, NoSessionReportBody>({
    resolver: zodResolver(NoSessionReportBodySchema),
    defaultValues: { note: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await send.mutateAsync({ bookingId, body });
      modals.closeAll();
      toast.success(t('sessionRoom.noSession.sent'));
    } catch (error) {
      showServerError(error, { setError, fields: ['note'], toast, t });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextAreaField
        label={t('sessionRoom.noSession.reason')}
        hint={t('sessionRoom.noSession.reasonHint')}
        error={tMessage(t, errors.note?.message)}
        maxLength={BOOKING_NOTE_MAX}
        required
        {...register('note')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('sessionRoom.noShow.cancel')}
        </Button>
        <Button type="submit" loading={send.isPending}>
          {t('sessionRoom.noSession.send')}
        </Button>
      </div>
    </form>
  );
}
