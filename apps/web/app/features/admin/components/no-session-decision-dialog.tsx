import { BOOKING_NOTE_MAX } from '@app/shared/schemas/bookings';
import {
  type AdminNoSessionReport,
  type AdminNoSessionReportDetail,
  type NoSessionDecisionBody,
  NoSessionDecisionBodySchema,
} from '@app/shared/schemas/session-room';
import type { NoSessionDecision } from '@app/shared/session-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { shortDateOf, timeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { TextAreaField } from '#app/ui/form-fields';
import { LoadGate } from '#app/ui/load-gate';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { RoomStay } from '#app/ui/room-stay';
import { useToast } from '#app/ui/toast';
import { useDecideNoSessionReport, useNoSessionReportDetail } from '../api/no-session-reports';
import { ADMIN_MODALS } from '../lib/modals';
import { ReportStateBadge } from './no-session-reports';

/** What the room recorded: the outcome, the minutes together in the booked time, each party's stays. */
function Presence({ detail, zone }: { detail: AdminNoSessionReportDetail; zone: string }) {
  const { t, i18n } = useTranslation();
  const parties = [
    ['client', detail.clientName],
    ['provider', detail.providerName],
  ] as const;
  return (
    <section aria-labelledby="no-session-presence" className="rounded-xl bg-slate-50 px-4 py-3 text-sm">
      <h3 id="no-session-presence" className="font-semibold text-slate-800">
        {t('admin.noSessionReports.presence')}
      </h3>
      {detail.startAt && detail.endAt ? (
        <p className="mt-1 text-slate-700">
          {t('admin.noSessionReports.booked', {
            start: `${shortDateOf(detail.startAt, zone, i18n.language)}, ${timeOf(detail.startAt, zone, i18n.language)}`,
            end: timeOf(detail.endAt, zone, i18n.language),
          })}
        </p>
      ) : null}
      {detail.outcome ? (
        <p className="text-slate-700">
          {t('admin.noSessionReports.outcome', { outcome: t(`sessionRoom.outcome.${detail.outcome}.label`) })}
        </p>
      ) : null}
      <p className="font-medium text-slate-800" data-testid="no-session-together">
        {t('admin.noSessionReports.together', { count: detail.togetherMinutes })}
      </p>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2">
        {parties.map(([party, name]) => {
          const stays = detail.attendance.filter((stay) => stay.party === party);
          return (
            <div key={party} data-testid={`no-session-stays-${party}`}>
              <dt className="font-medium text-slate-800">
                {t(`bookingScreens.actors.${party}`)}: {name}
              </dt>
              {stays.length === 0 ? (
                <dd className="text-slate-600">{t('admin.noSessionReports.neverJoined')}</dd>
              ) : (
                stays.map((stay) => (
                  <dd key={stay.joinedAt} className="text-slate-700">
                    <RoomStay stay={stay} zone={zone} />
                  </dd>
                ))
              )}
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The decision: a note, then refund the client or release the fee to the therapist. */
function DecisionForm({ report }: { report: AdminNoSessionReport }) {
  const { t } = useTranslation();
  const lang = useLang();
  const toast = useToast();
  const modals = useModals();
  const decide = useDecideNoSessionReport();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ decision: NoSessionDecision; note: string }, unknown, NoSessionDecisionBody>({
    resolver: zodResolver(NoSessionDecisionBodySchema),
    defaultValues: { decision: 'took_place', note: '' },
  });
  const run = (decision: NoSessionDecision) =>
    handleSubmit(async (body) => {
      try {
        await decide.mutateAsync({ bookingId: report.bookingIdentifier, body: { ...body, decision } });
        toast.success(
          t(
            decision === 'did_not_take_place'
              ? 'admin.noSessionReports.refundedToast'
              : 'admin.noSessionReports.releasedToast',
            {
              amount: priceText(report.priceMinor, report.currencyCode, lang),
            },
          ),
        );
        modals.closeAll();
      } catch (error) {
        showServerError(error, { setError, fields: ['note'], toast, t });
      }
    });
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
      <TextAreaField
        label={t('admin.noSessionReports.note')}
        hint={t('admin.noSessionReports.noteHint')}
        error={tMessage(t, errors.note?.message)}
        maxLength={BOOKING_NOTE_MAX}
        required
        {...register('note')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => modals.closeAll()}>
          {t('admin.common.cancel')}
        </Button>
        <Button variant="secondary" loading={decide.isPending} onClick={run('took_place')}>
          {t('admin.noSessionReports.release')}
        </Button>
        <Button variant="danger" loading={decide.isPending} onClick={run('did_not_take_place')}>
          {t('admin.noSessionReports.refund', { amount: priceText(report.priceMinor, report.currencyCode, lang) })}
        </Button>
      </div>
    </form>
  );
}

function ReportDetail({ report }: { report: AdminNoSessionReport }) {
  const { t } = useTranslation();
  const zone = useViewerZone();
  const detail = useNoSessionReportDetail(report.bookingIdentifier);
  return (
    <div className="flex flex-col gap-4">
      <div className="text-sm">
        <h3 className="font-semibold text-slate-800">{t('admin.noSessionReports.clientSays')}</h3>
        <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">{report.note}</p>
      </div>
      {zone ? <LoadGate query={detail}>{(loaded) => <Presence detail={loaded} zone={zone} />}</LoadGate> : null}
      {report.decision === null ? (
        <DecisionForm report={report} />
      ) : (
        <div className="text-sm">
          <ReportStateBadge report={report} />
          {report.decisionNote ? <p className="mt-1 break-words text-slate-700">{report.decisionNote}</p> : null}
        </div>
      )}
    </div>
  );
}

/** One report: what the client says, both parties' presence, and (while it waits) the decision. */
export function NoSessionDecisionDialog() {
  const { t } = useTranslation();
  const modals = useModals();
  const binding = useModalBinding(ADMIN_MODALS.noSessionDecision);
  const props = modals.propsOf(ADMIN_MODALS.noSessionDecision);
  if (!props) return null;
  const { report } = props;
  return (
    <Dialog
      {...binding}
      size="lg"
      title={t('admin.noSessionReports.dialogTitle', { client: report.clientName, provider: report.providerName })}
      description={t('admin.noSessionReports.dialogText')}
    >
      <ReportDetail report={report} />
    </Dialog>
  );
}
