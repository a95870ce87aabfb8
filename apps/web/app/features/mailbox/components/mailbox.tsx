import { formatFileSize } from '@app/shared/file-display';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReaderDates } from '#app/lib/reader-dates';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { LoadGate } from '#app/ui/load-gate';
import { type OutboxEmail, useOutbox } from '../api/list-outbox';

function Mail({ mail }: { mail: OutboxEmail }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      aria-labelledby={`mail-${mail.identifier}`}
      data-testid="mailbox-email"
    >
      <header>
        <h2 id={`mail-${mail.identifier}`} className="font-semibold">
          {mail.subject}
        </h2>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-600">
          {t('mailbox.to', { to: mail.to })} · {when.dateTime(mail.createdAt)} · {mail.template} · {mail.language}
        </p>
      </header>
      <iframe
        title={t('mailbox.rendered', { subject: mail.subject })}
        src={`/api/dev/outbox/${mail.identifier}/html`}
        className="h-64 w-full rounded-lg border border-slate-200 bg-white"
      />
      <details>
        <summary className="cursor-pointer text-sm font-medium">{t('mailbox.text')}</summary>
        <pre className="mt-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{mail.text}</pre>
      </details>
      {mail.attachments.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">{t('mailbox.attachments')}</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {mail.attachments.map((attachment) => (
              <li key={attachment.url}>
                <a
                  href={attachment.url}
                  download={attachment.filename}
                  className="text-brand-700 underline"
                  aria-label={t('mailbox.download', { name: attachment.filename })}
                >
                  {attachment.filename}
                </a>{' '}
                <span className="text-slate-600">
                  ({attachment.contentType.split(';')[0]}, {formatFileSize(attachment.size)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}

/** The development outbox: every recorded email as it was rendered, with its attachments. */
export function Mailbox({ initialTo }: { initialTo: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initialTo);
  const [to, setTo] = useState(initialTo);
  const outbox = useOutbox(to);
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setTo(draft.trim());
        }}
      >
        <Field
          label={t('mailbox.filter')}
          type="email"
          value={draft}
          placeholder={t('mailbox.filterPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
          className="min-w-64"
        />
        <Button type="submit">{t('mailbox.apply')}</Button>
      </form>
      <LoadGate query={outbox}>
        {(mails) =>
          mails.length === 0 ? (
            <p className="text-slate-600">{t('mailbox.empty')}</p>
          ) : (
            <div className="flex flex-col gap-4">
              {mails.map((mail) => (
                <Mail key={mail.identifier} mail={mail} />
              ))}
            </div>
          )
        }
      </LoadGate>
    </div>
  );
}
