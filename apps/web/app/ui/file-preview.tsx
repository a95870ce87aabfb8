import { type ReactNode, useEffect, useState } from 'react';
import { cn } from './cn';
import { Spinner } from './spinner';

/** The kinds a browser can show in a frame; Word files are offered as a download instead. */
export const PREVIEWABLE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

export interface PreviewableFile {
  filename: string;
  contentType: string;
  /** A short-lived signed link (GET /api/files/<token>); it answers as a download. */
  url: string;
}

/**
 * A private file in an embedded frame. The signed link answers as a download (and is sandboxed),
 * so the bytes are fetched and shown from a local blob: URL (CSP frame-src 'self' blob:).
 * `fallback` shows when the kind cannot be previewed or the fetch fails.
 */
export function FilePreviewFrame({
  file,
  fallback,
  className,
}: {
  file: PreviewableFile;
  fallback: ReactNode;
  className?: string;
}) {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const previewable = PREVIEWABLE_TYPES.has(file.contentType);

  useEffect(() => {
    if (!previewable) return;
    let url: string | null = null;
    let cancelled = false;
    setFailed(false);
    fetch(file.url, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([blob], { type: file.contentType }));
        setBlobUrl(url);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setBlobUrl(null);
    };
  }, [file.url, file.contentType, previewable]);

  if (!previewable || failed) return <>{fallback}</>;
  if (!blobUrl) return <Spinner />;
  return (
    <iframe
      src={blobUrl}
      title={file.filename}
      className={cn('h-[70vh] w-full rounded-lg border border-slate-200', className)}
    />
  );
}
