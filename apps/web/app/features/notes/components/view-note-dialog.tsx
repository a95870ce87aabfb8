import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/ui/dialog';
import { LoadGate } from '#app/ui/load-gate';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import { useNote } from '../api/get-note';
import { NOTE_MODALS } from '../lib/modals';

const INLINE = new Set(['application/pdf', 'image/png', 'image/jpeg']);
const PLAYABLE = new Set(['audio/mpeg', 'audio/wav', 'audio/ogg', 'video/mp4']);

/** The bytes of a signed note-file link as a local blob: URL (the link itself answers a download). */
function useBlobUrl(url: string | null, contentType: string | undefined) {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url || !contentType || !(INLINE.has(contentType) || PLAYABLE.has(contentType))) return;
    let made: string | null = null;
    let cancelled = false;
    setFailed(false);
    fetch(url, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        if (cancelled) return;
        made = URL.createObjectURL(new Blob([blob], { type: contentType }));
        setBlobUrl(made);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setBlobUrl(null);
    };
  }, [url, contentType]);
  return { blobUrl, failed };
}

/** One note read in full (a recorded read), its file previewed or played, and a download link. */
export function ViewNoteDialog() {
  const { t } = useTranslation();
  const binding = useModalBinding(NOTE_MODALS.view);
  const noteId = useModals().propsOf(NOTE_MODALS.view)?.noteId ?? null;
  const note = useNote(binding.open ? noteId : null);
  const file = note.data?.file ?? null;
  const { blobUrl, failed } = useBlobUrl(file?.url ?? null, file?.contentType);

  return (
    <Dialog {...binding} title={note.data?.title ?? t('notes.title')} size="lg">
      <LoadGate query={note}>
        {(found) => (
          <div className="flex flex-col gap-4">
            {found.content ? <p className="whitespace-pre-line text-sm text-slate-800">{found.content}</p> : null}
            {found.file ? (
              <div className="flex flex-col gap-2">
                {found.file.contentType.startsWith('audio/') && blobUrl ? (
                  // biome-ignore lint/a11y/useMediaCaption: a provider's own recording has no captions
                  <audio controls src={blobUrl} className="w-full" />
                ) : found.file.contentType.startsWith('video/') && blobUrl ? (
                  // biome-ignore lint/a11y/useMediaCaption: a provider's own recording has no captions
                  <video controls src={blobUrl} className="max-h-[60vh] w-full" />
                ) : INLINE.has(found.file.contentType) && blobUrl ? (
                  <iframe
                    src={blobUrl}
                    title={found.file.filename}
                    className="h-[60vh] w-full rounded-lg border border-slate-200"
                  />
                ) : (INLINE.has(found.file.contentType) || PLAYABLE.has(found.file.contentType)) && !failed ? (
                  <Spinner />
                ) : (
                  <p className="text-sm text-slate-600">{t('notes.previewFailed')}</p>
                )}
                {found.file.url ? (
                  <a
                    className="font-medium text-brand-700 underline"
                    href={found.file.url}
                    download={found.file.filename}
                  >
                    {t('notes.download')} ({found.file.filename})
                  </a>
                ) : null}
              </div>
            ) : null}
          </div>
        )}
      </LoadGate>
    </Dialog>
  );
}
