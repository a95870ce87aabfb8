import { QUALIFICATION_TYPES, type QualificationType } from '@app/shared/schemas/credentials';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useScrollRow } from '#app/ui/scroll-row';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useDeleteQualification } from '../api/delete-qualification';
import { useQualifications } from '../api/list-qualifications';
import { CREDENTIAL_MODALS } from '../lib/modals';
import { FileList } from './file-list';
import { QualificationForm } from './qualification-form';

/** Tabs per qualification type (arrow keys move between them), each with its qualifications and files. */
export function QualificationsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(CREDENTIAL_MODALS.qualification);
  const query = useQualifications();
  const remove = useDeleteQualification();
  const [active, setActive] = useState<QualificationType>('license');
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const scrollRow = useScrollRow<HTMLDivElement>();
  const editing = modals.propsOf(CREDENTIAL_MODALS.qualification)?.existing;
  const typeLabel = t(`credentials.types.${active}`);

  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + QUALIFICATION_TYPES.length) % QUALIFICATION_TYPES.length;
    setActive(QUALIFICATION_TYPES[next] as QualificationType);
    tabs.current[next]?.focus();
  };

  const items = (query.data ?? []).filter((item) => item.type === active);
  const deleteItem = async (id: string) => {
    try {
      const done = await remove.mutateAsync(id);
      toast.success(done.message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <section
      aria-labelledby="qualifications-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="qualifications-heading" className="sr-only">
        {t('credentials.tabsLabel')}
      </h2>
      <div
        ref={scrollRow}
        role="tablist"
        aria-label={t('credentials.tabsLabel')}
        className="-mx-1 flex gap-1 overflow-x-auto pb-2"
      >
        {QUALIFICATION_TYPES.map((type, index) => (
          <button
            key={type}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${type}`}
            aria-selected={active === type}
            aria-controls={`panel-${type}`}
            tabIndex={active === type ? 0 : -1}
            onClick={() => setActive(type)}
            onKeyDown={(event) => onKey(event, index)}
            className={cn(
              'shrink-0 rounded-full px-4 py-2 text-sm font-medium',
              active === type ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {t(`credentials.types.${type}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${active}`}
        aria-labelledby={`tab-${active}`}
        className="mt-4 flex flex-col gap-4"
      >
        {query.isPending ? <Spinner /> : null}
        {items.length === 0 && !query.isPending ? (
          <p className="text-sm text-slate-600">{t('credentials.files.empty')}</p>
        ) : null}
        {items.map((item) => (
          <article key={item.identifier} className="rounded-xl border border-slate-200 p-3">
            <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-medium">
                {item.type === 'license' ? `${item.body ?? ''} · ${item.credentialNumber ?? ''}` : item.title}
              </h3>
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  onClick={() => modals.open(CREDENTIAL_MODALS.qualification, { existing: item })}
                >
                  {t('credentials.files.edit')}
                </Button>
                <Button variant="ghost" onClick={() => deleteItem(item.identifier)}>
                  {t('credentials.files.delete')}
                </Button>
              </span>
            </div>
            <FileList
              files={item.files}
              deleting={remove.isPending ? (remove.variables ?? null) : null}
              onPreview={(file) => modals.open(CREDENTIAL_MODALS.preview, { file })}
              onDelete={(file) => deleteItem(file.identifier)}
            />
          </article>
        ))}
        <div>
          <Button onClick={() => modals.open(CREDENTIAL_MODALS.qualification)}>
            {t('credentials.upload.add', { type: typeLabel })}
          </Button>
        </div>
      </div>
      <Dialog
        {...binding}
        size="md"
        title={
          editing
            ? t('credentials.upload.editTitle', { type: t(`credentials.types.${editing.type}`) })
            : t('credentials.upload.title', { type: typeLabel })
        }
      >
        <QualificationForm
          key={editing?.identifier ?? active}
          type={editing?.type ?? active}
          existing={editing ?? null}
          onDone={() => modals.closeAll()}
        />
      </Dialog>
    </section>
  );
}
