import type { ProviderDossierView } from '@app/shared/schemas/admin';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '#app/lib/paths';
import { useReaderDates } from '#app/lib/reader-dates';
import { useLocaleData } from '#app/lib/shell-data';
import { FilePreviewFrame, type PreviewableFile } from '#app/ui/file-preview';
import { Link } from '#app/ui/link';
import { ListingChecklist } from '#app/ui/listing-checklist';
import { LoadGate } from '#app/ui/load-gate';
import { useProviderDossier } from '../api/get-provider-dossier';
import { AdminPage } from './admin-page';
import { DecisionForm } from './decision-form';
import { personName } from './people';
import { Badge, VERIFICATION_TONE } from './table';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

type DossierFile = PreviewableFile & { identifier: string };

function FileButton({ file, onPreview }: { file: DossierFile; onPreview(identifier: string): void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
      <span className="min-w-0 text-sm break-all">{file.filename}</span>
      <button
        type="button"
        onClick={() => onPreview(file.identifier)}
        className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 underline hover:bg-brand-50"
        aria-label={t('admin.review.previewNamed', { name: file.filename })}
      >
        {t('admin.review.preview')}
      </button>
    </li>
  );
}

/** The dossier, the document preview and the decision, side by side on wide screens. */
export function ProviderReview({ providerId }: { providerId: string }) {
  const query = useProviderDossier(providerId);
  return <LoadGate query={query}>{(dossier) => <Dossier dossier={dossier} />}</LoadGate>;
}

function Dossier({ dossier }: { dossier: ProviderDossierView }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [previewing, setPreviewing] = useState<string | null>(null);
  // The links are re-signed on every fetch: the preview always uses the newest link of the chosen file.
  const allFiles: DossierFile[] = [...dossier.qualifications.flatMap((item) => item.files), ...dossier.insurance];
  const current = allFiles.find((file) => file.identifier === previewing) ?? null;
  const name = personName(t, dossier.provider);
  const { verification } = dossier;

  return (
    <AdminPage title={t('admin.review.title', { name })}>
      <Link to={paths.adminQueue(lang)} className="mb-4 inline-block text-sm font-medium text-brand-700 underline">
        ← {t('admin.review.back')}
      </Link>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="break-all">{dossier.provider.email}</span>
        <span aria-hidden="true">·</span>
        <span>{dossier.provider.countryCode ?? '—'}</span>
        <span aria-hidden="true">·</span>
        <span>{t('admin.review.joined', { date: when.date(dossier.provider.createdAt) })}</span>
      </div>
      <div className="mb-6 flex flex-wrap gap-2" data-testid="review-state">
        <Badge tone={VERIFICATION_TONE[verification.status]}>{t(`admin.verification.${verification.status}`)}</Badge>
        <Badge tone={verification.listed ? 'success' : 'neutral'}>
          {t(verification.listed ? 'admin.review.listed' : 'admin.review.notListed')}
        </Badge>
        {dossier.suspended ? <Badge tone="danger">{t('admin.review.suspended')}</Badge> : null}
        {verification.missing.length > 0 ? (
          <Badge tone="warning">
            {t('admin.review.missing', {
              items: verification.missing.map((item) => t(`credentials.missing.${item}`)).join('; '),
            })}
          </Badge>
        ) : null}
      </div>
      <ListingChecklist missing={verification.listingMissing} audience="admin" className="mb-6" />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-4">
          <Section title={t('admin.review.qualifications')}>
            {dossier.qualifications.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.review.noQualifications')}</p>
            ) : (
              <ul className="flex flex-col gap-4">
                {dossier.qualifications.map((item) => (
                  <li key={item.identifier}>
                    <p className="font-medium">
                      {t(`credentials.types.${item.type}`)}: {item.body ?? item.title}
                    </p>
                    {item.credentialNumber ? (
                      <p className="text-sm text-slate-700">
                        {t('admin.review.credentialNumber', { number: item.credentialNumber })}
                      </p>
                    ) : null}
                    <ul className="mt-2 flex flex-col gap-1">
                      {item.files.map((file) => (
                        <FileButton key={file.identifier} file={file} onPreview={setPreviewing} />
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('admin.review.insurance')}>
            {dossier.insurance.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.review.noInsurance')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {dossier.insurance.map((item) => (
                  <li key={item.identifier}>
                    <p className={item.expired ? 'text-sm font-medium text-red-800' : 'text-sm text-slate-700'}>
                      {t(item.expired ? 'admin.review.expired' : 'admin.review.expires', {
                        date: when.day(item.expiresOn),
                      })}
                    </p>
                    <ul className="mt-1">
                      <FileButton file={item} onPreview={setPreviewing} />
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('admin.review.workHistory')}>
            {dossier.workHistory.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.review.noWorkHistory')}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {dossier.workHistory.map((item) => (
                  <li key={item.identifier}>
                    <p className="font-medium">
                      {item.jobTitle}, {item.companyName}
                    </p>
                    <p className="text-slate-600">
                      {item.startDate} – {item.endDate ?? t('admin.review.present')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('admin.review.decisions')}>
            {dossier.decisions.length === 0 ? (
              <p className="text-sm text-slate-600">{t('admin.review.noDecisions')}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm" data-testid="decision-history">
                {dossier.decisions.map((item) => (
                  <li key={`${item.decidedAt}-${item.decision}`}>
                    <p className="font-medium">
                      {t(
                        item.decision === 'approved'
                          ? 'admin.review.decisionApproved'
                          : 'admin.review.decisionRejected',
                        {
                          date: when.dateTime(item.decidedAt),
                        },
                      )}
                    </p>
                    {item.note ? <p className="whitespace-pre-line text-slate-700">{item.note}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>

        <div className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          <Section title={t('admin.review.previewTitle')}>
            {current ? (
              <div aria-live="polite">
                <p className="mb-2 text-sm font-medium break-all">{current.filename}</p>
                <FilePreviewFrame
                  key={current.url}
                  file={current}
                  className="h-[60vh]"
                  fallback={<p className="text-sm text-slate-700">{t('admin.review.noPreview')}</p>}
                />
                <a
                  className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
                  href={current.url}
                  download={current.filename}
                >
                  {t('admin.review.download', { name: current.filename })}
                </a>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t('admin.review.previewEmpty')}</p>
            )}
          </Section>
          <Section title={t('admin.review.decide')}>
            <DecisionForm providerId={dossier.provider.userId} status={verification.status} />
          </Section>
        </div>
      </div>
    </AdminPage>
  );
}
