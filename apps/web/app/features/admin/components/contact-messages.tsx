import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReaderDates } from '#app/lib/reader-dates';
import { LoadGate } from '#app/ui/load-gate';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { useContactMessages } from '../api/list-contact-messages';
import { personName } from './people';
import { Badge, Cell, DataTable, EmptyRow } from './table';

/** Messages sent with the public contact form, newest first, page by page as the API pages them. */
export function ContactMessages() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useContactMessages({ page });

  return (
    <LoadGate query={query}>
      {(result) => (
        <>
          <DataTable
            caption={t('admin.contact.title')}
            testId="contact-messages"
            columns={[
              t('admin.contact.received'),
              t('admin.contact.sender'),
              t('admin.common.email'),
              t('admin.contact.message'),
            ]}
          >
            {result.data.length === 0 ? (
              <EmptyRow colSpan={4}>{t('admin.contact.empty')}</EmptyRow>
            ) : (
              result.data.map((message) => (
                <tr key={message.identifier} data-testid={`contact-message-${message.identifier}`}>
                  <Cell className="whitespace-nowrap">{when.dateTime(message.createdAt)}</Cell>
                  <Cell className="break-words">
                    <p className="font-medium">{personName(t, message)}</p>
                    {message.phoneNumber ? <p className="text-xs text-slate-600">{message.phoneNumber}</p> : null}
                    <p className="mt-1 flex flex-wrap gap-1">
                      <Badge tone="neutral">{t(`admin.contact.language.${message.language}`)}</Badge>
                      {message.userIdentifier ? <Badge tone="success">{t('admin.contact.signedIn')}</Badge> : null}
                    </p>
                  </Cell>
                  <Cell className="break-all">
                    <a href={`mailto:${message.email}`} className="text-brand-700 underline">
                      {message.email}
                    </a>
                  </Cell>
                  <Cell className="max-w-[32rem] break-words whitespace-pre-wrap">{message.message}</Cell>
                </tr>
              ))
            )}
          </DataTable>
          <Pagination
            page={result.meta.page}
            totalPages={result.meta.totalPages}
            hrefFor={(next) => pageSearch(params, next)}
          />
        </>
      )}
    </LoadGate>
  );
}
