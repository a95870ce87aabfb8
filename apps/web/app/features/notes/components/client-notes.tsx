import { NOTE_TYPES, type NoteType } from '@app/shared/schemas/notes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { SelectField } from '#app/ui/form-fields';
import { useModals } from '#app/ui/modal-manager';
import { PagedList } from '#app/ui/paged-list';
import { useClientNotes } from '../api/list-client-notes';
import { NOTE_MODALS, type NoteSession } from '../lib/modals';
import { NoteItem } from './note-item';

interface Filters {
  type: NoteType | '';
  title: string;
  fromDate: string;
  toDate: string;
}

const EMPTY: Filters = { type: '', title: '', fromDate: '', toDate: '' };

/**
 * The notes section of a client's page: session and client notes with the filters of
 * GET /note/client/{id} (kind, title, from and to dates), paged, and "Add note".
 */
export function ClientNotes({ clientId, sessions }: { clientId: string; sessions: NoteSession[] }) {
  const { t } = useTranslation();
  const modals = useModals();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const notes = useClientNotes(clientId, {
    page,
    type: filters.type || undefined,
    title: filters.title.trim() || undefined,
    fromDate: filters.fromDate || undefined,
    toDate: filters.toDate || undefined,
  });
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const filtered = filters !== EMPTY && Object.values(filters).some(Boolean);

  return (
    <section
      aria-labelledby="client-notes"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="client-notes" className="text-lg font-semibold">
          {t('notes.title')}
        </h2>
        <Button onClick={() => modals.open(NOTE_MODALS.add, { clientId, sessions })} data-testid="add-note">
          {t('notes.add')}
        </Button>
      </div>
      <p className="mb-4 text-sm text-slate-600">{t('notes.privacy')}</p>
      <fieldset className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">{t('notes.filters')}</legend>
        <SelectField
          label={t('notes.filterType')}
          emptyLabel={t('notes.filterAll')}
          options={NOTE_TYPES.map((type) => ({
            value: type,
            label: t(type === 'booking' ? 'notes.kindSession' : 'notes.kindClient'),
          }))}
          value={filters.type}
          onChange={(event) => change({ type: event.target.value as NoteType | '' })}
        />
        <Field
          label={t('notes.filterTitle')}
          type="search"
          value={filters.title}
          maxLength={32}
          onChange={(event) => change({ title: event.target.value })}
        />
        <Field
          label={t('notes.filterFrom')}
          type="date"
          value={filters.fromDate}
          onChange={(event) => change({ fromDate: event.target.value })}
        />
        <Field
          label={t('notes.filterTo')}
          type="date"
          value={filters.toDate}
          onChange={(event) => change({ toDate: event.target.value })}
        />
      </fieldset>
      {filtered ? (
        <Button variant="ghost" className="mb-3" onClick={() => change(EMPTY)}>
          {t('notes.clearFilters')}
        </Button>
      ) : null}
      <PagedList
        query={notes}
        page={page}
        hrefFor={(target) => `#notes-page-${target}`}
        empty={<p className="py-6 text-sm text-slate-600">{t(filtered ? 'notes.emptyFiltered' : 'notes.empty')}</p>}
      >
        {(found) => (
          <>
            <ul className="flex flex-col gap-3">
              {found.data.map((note) => (
                <NoteItem key={note.identifier} note={note} sessions={sessions} />
              ))}
            </ul>
            {found.meta.totalPages > 1 ? (
              <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-between gap-3">
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('pagination.previous')}
                </Button>
                <span className="text-sm text-slate-600">
                  {t('pagination.page', { page, total: found.meta.totalPages })}
                </span>
                <Button variant="secondary" disabled={page >= found.meta.totalPages} onClick={() => setPage(page + 1)}>
                  {t('pagination.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </PagedList>
    </section>
  );
}
