import { intlLocale, MAX_UPLOAD_BYTES } from '@app/shared/constants';
import { CREDENTIAL_FILE_ACCEPT } from '@app/shared/schemas/credentials';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { Field, FieldMessages } from '#app/ui/field';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useDeleteInsurance } from '../api/delete-insurance';
import { useInsurance } from '../api/list-insurance';
import { useUploadInsurance } from '../api/upload-insurance';
import { CREDENTIAL_MODALS } from '../lib/modals';
import { FileList } from './file-list';

function InsuranceForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUploadInsurance();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string | undefined> = {
      file: !file ? t('errors.FILE_REQUIRED') : file.size > MAX_UPLOAD_BYTES ? t('errors.FILE_TOO_LARGE') : undefined,
      expiresOn: expiresOn ? undefined : t('validation.required'),
    };
    setErrors(next);
    if (!file || Object.values(next).some(Boolean)) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, expiresOn, onProgress: setProgress });
      toast.success(t('credentials.fileUploaded'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0]]));
        setErrors(Object.keys(fields).length > 0 ? fields : { file: error.message });
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium">
          {t('credentials.insurance.file')}
        </label>
        <input
          id={fileId}
          type="file"
          accept={CREDENTIAL_FILE_ACCEPT}
          className="text-sm"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ''}`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <FieldMessages id={fileId} hint={t('credentials.upload.filesHint')} error={errors.file} />
      </div>
      <Field
        type="date"
        label={t('credentials.insurance.expiresOn')}
        value={expiresOn}
        onChange={(event) => setExpiresOn(event.target.value)}
        error={errors.expiresOn}
      />
      {progress !== null ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          <progress className="w-full" max={100} value={progress} />
          {t('credentials.upload.progress', { percent: progress })}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('credentials.upload.cancel')}
        </Button>
        <Button type="submit" loading={upload.isPending}>
          {t('credentials.upload.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Indemnity insurance documents with their expiry, and the upload dialog. */
export function InsuranceSection({ language }: { language: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(CREDENTIAL_MODALS.insurance);
  const list = useInsurance();
  const remove = useDeleteInsurance();
  const format = (day: string) =>
    new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const items = list.data ?? [];
  const newest = items[0];

  return (
    <section aria-labelledby="insurance-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="insurance-heading" className="text-lg font-semibold">
          {t('credentials.insurance.title')}
        </h2>
        <Button onClick={() => modals.open(CREDENTIAL_MODALS.insurance)}>{t('credentials.insurance.upload')}</Button>
      </div>
      {newest?.expired ? (
        <p role="alert" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('credentials.insurance.lapsedNote')}
        </p>
      ) : null}
      {items.length === 0 ? <p className="text-sm text-slate-600">{t('credentials.insurance.empty')}</p> : null}
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.identifier}>
            <p className={item.expired ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-700'}>
              {t(item.expired ? 'credentials.insurance.expired' : 'credentials.insurance.expires', {
                date: format(item.expiresOn),
              })}
            </p>
            <FileList
              files={[item]}
              deleting={remove.isPending ? (remove.variables ?? null) : null}
              onPreview={(file) => modals.open(CREDENTIAL_MODALS.preview, { file })}
              onDelete={async (file) => {
                try {
                  toast.success((await remove.mutateAsync(file.identifier)).message);
                } catch (error) {
                  toast.error(error instanceof ApiError ? error.message : String(error));
                }
              }}
            />
          </li>
        ))}
      </ul>
      <Dialog {...binding} size="md" title={t('credentials.insurance.upload')}>
        <InsuranceForm onDone={() => modals.closeAll()} />
      </Dialog>
    </section>
  );
}
