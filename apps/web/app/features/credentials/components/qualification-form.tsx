import { MAX_UPLOAD_BYTES } from '@app/shared/constants';
import {
  CREDENTIAL_FILE_ACCEPT,
  type Qualification,
  QualificationDetailsSchema,
  type QualificationType,
} from '@app/shared/schemas/credentials';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field, FieldMessages } from '#app/ui/field';
import { useToast } from '#app/ui/toast';
import { useSaveQualification } from '../api/upload-qualification';

export interface QualificationFormProps {
  type: QualificationType;
  /** Set when updating: the details are prefilled and files are optional (they replace the old ones). */
  existing?: Qualification | null;
  onDone(): void;
}

/** The qualification upload dialog's form: body and credential number for a licence, a title otherwise; several files. */
export function QualificationForm({ type, existing, onDone }: QualificationFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveQualification();
  const filesId = useId();
  const [body, setBody] = useState(existing?.body ?? '');
  const [credentialNumber, setCredentialNumber] = useState(existing?.credentialNumber ?? '');
  const [title, setTitle] = useState(existing?.title ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string | undefined> = {};
    const parsed = QualificationDetailsSchema.safeParse({
      type,
      body: body || undefined,
      credentialNumber: credentialNumber || undefined,
      title: title || undefined,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[String(issue.path[0])] = tMessage(t, issue.message);
    if (!existing && files.length === 0) next.files = t('errors.FILE_REQUIRED');
    if (files.some((file) => file.size > MAX_UPLOAD_BYTES)) next.files = t('errors.FILE_TOO_LARGE');
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setProgress(0);
    try {
      await save.mutateAsync({
        id: existing?.identifier,
        input: { type, body, credentialNumber, title, files, onProgress: setProgress },
      });
      toast.success(t(existing ? 'credentials.fileUpdated' : 'credentials.fileUploaded'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0]]));
        setErrors(Object.keys(fields).length > 0 ? fields : { files: error.message });
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {type === 'license' ? (
        <>
          <Field
            label={t('credentials.upload.body')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={errors.body}
          />
          <Field
            label={t('credentials.upload.credentialNumber')}
            value={credentialNumber}
            onChange={(e) => setCredentialNumber(e.target.value)}
            error={errors.credentialNumber}
          />
        </>
      ) : (
        <Field
          label={t('credentials.upload.docTitle')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
        />
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={filesId} className="text-sm font-medium">
          {t('credentials.upload.files')}
        </label>
        <input
          id={filesId}
          type="file"
          multiple
          accept={CREDENTIAL_FILE_ACCEPT}
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={`${filesId}-hint${errors.files ? ` ${filesId}-error` : ''}`}
          className="text-sm"
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
        />
        <FieldMessages
          id={filesId}
          hint={
            existing
              ? `${t('credentials.upload.filesHint')}. ${t('credentials.upload.replaceHint')}`
              : t('credentials.upload.filesHint')
          }
          error={errors.files}
        />
      </div>
      {progress !== null ? (
        <div>
          <progress
            className="w-full"
            max={100}
            value={progress}
            aria-label={t('credentials.upload.progress', { percent: progress })}
          />
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('credentials.upload.progress', { percent: progress })}
          </p>
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('credentials.upload.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {existing ? t('credentials.upload.update') : t('credentials.upload.submit')}
        </Button>
      </div>
    </form>
  );
}
