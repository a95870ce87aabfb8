import type { AdminNoSessionReport } from '@app/shared/schemas/session-room';
import { useTranslation } from 'react-i18next';
import { dateTimeOf } from '#app/lib/format';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { useNoSessionReports } from '../api/no-session-reports';
import { ADMIN_MODALS } from '../lib/modals';
import { Badge, Cell, DataTable, EmptyRow } from './table';

/** Waiting, refunded to the client, or released to the therapist. */
export function ReportStateBadge({ report }: { report: AdminNoSessionReport }) {
  const { t } = useTranslation();
  if (report.decision === null) return <Badge tone="warning">{t('admin.noSessionReports.state.waiting')}</Badge>;
  return report.decision === 'did_not_take_place' ? (
    <Badge tone="danger">{t('admin.noSessionReports.state.refunded')}</Badge>
  ) : (
    <Badge tone="success">{t('admin.noSessionReports.state.released')}</Badge>
  );
}

function ReportRow({ report, zone }: { report: AdminNoSessionReport; zone: string }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const modals = useModals();
  const waiting = report.decision === null;
  return (
    <tr data-testid={`no-session-report-${report.bookingIdentifier}`}>
      <Cell className="max-w-64">
        <p className="font-medium">{report.startAt ? dateTimeOf(report.startAt, zone, i18n.language) : '—'}</p>
        <p className="break-words text-slate-700">
          {t('admin.noSessionReports.parties', { client: report.clientName, provider: report.providerName })}
        </p>
        <p className="text-xs text-slate-600">{priceText(report.priceMinor, report.currencyCode, lang)}</p>
      </Cell>
      <Cell className="max-w-80">
        <span className="block text-xs text-slate-600">{dateTimeOf(report.reportedAt, zone, i18n.language)}</span>
        <p className="break-words whitespace-pre-wrap">{report.note}</p>
      </Cell>
      <Cell className="max-w-72">
        <ReportStateBadge report={report} />
        {report.decidedAt ? (
          <p className="mt-1 text-xs text-slate-600">{dateTimeOf(report.decidedAt, zone, i18n.language)}</p>
        ) : null}
        {report.decisionNote ? <p className="mt-1 text-xs break-words text-slate-700">{report.decisionNote}</p> : null}
        {report.refundMinor > 0 ? (
          <p className="mt-1 text-xs text-slate-700">
            {t('admin.noSessionReports.refundedAmount', {
              amount: priceText(report.refundMinor, report.currencyCode, lang),
            })}
          </p>
        ) : null}
      </Cell>
      <Cell>
        <Button
          variant={waiting ? 'primary' : 'secondary'}
          className="min-h-8 px-3 py-1"
          onClick={() => modals.open(ADMIN_MODALS.noSessionDecision, { report })}
        >
          {t(waiting ? 'admin.noSessionReports.review' : 'admin.noSessionReports.view')}
        </Button>
      </Cell>
    </tr>
  );
}

/** Clients' reports that a session did not take place: waiting ones first, each opened to decide. */
export function NoSessionReports() {
  const { t } = useTranslation();
  const zone = useViewerZone();
  const query = useNoSessionReports();
  if (!zone) return null;
  return (
    <LoadGate query={query}>
      {(result) => (
        <DataTable
          caption={t('admin.noSessionReports.caption')}
          testId="no-session-reports"
          columns={[
            t('admin.noSessionReports.session'),
            t('admin.noSessionReports.report'),
            t('admin.noSessionReports.stateLabel'),
            t('admin.common.actions'),
          ]}
        >
          {result.data.length === 0 ? (
            <EmptyRow colSpan={4}>{t('admin.noSessionReports.empty')}</EmptyRow>
          ) : (
            result.data.map((report) => <ReportRow key={report.bookingIdentifier} report={report} zone={zone} />)
          )}
        </DataTable>
      )}
    </LoadGate>
  );
}
