import { formatFileSize, shortFileName } from '@app/shared/file-display';
import type { CredentialFile } from '@app/shared/schemas/credentials';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';

export interface FileListProps {
  files: CredentialFile[];
  onPreview(file: CredentialFile): void;
  onDelete?(file: CredentialFile): void;
  deleting?: string | null;
}

/** Uploaded files: the shortened name (the whole name on hover and for screen readers), the size, preview and delete. */
export function FileList({ files, onPreview, onDelete, deleting }: FileListProps) {
  const { t } = useTranslation();
  if (files.length === 0) return <p className="text-sm text-slate-600">{t('credentials.files.empty')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {files.map((file) => (
        <li
          key={file.identifier}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2"
        >
          <span className="min-w-0">
            <span className="font-medium" title={file.filename} aria-hidden="true">
              {shortFileName(file.filename)}
            </span>
            <span className="sr-only">{file.filename}</span>
            <span className="ml-2 text-sm text-slate-600">{formatFileSize(file.size)}</span>
          </span>
          <span className="flex gap-2">
            <Button
              variant="secondary"
              onClick={() => onPreview(file)}
              aria-label={`${t('credentials.files.preview')}: ${file.filename}`}
            >
              {t('credentials.files.preview')}
            </Button>
            {onDelete ? (
              <Button
                variant="ghost"
                loading={deleting === file.identifier}
                onClick={() => onDelete(file)}
                aria-label={`${t('credentials.files.delete')}: ${file.filename}`}
              >
                {t('credentials.files.delete')}
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
