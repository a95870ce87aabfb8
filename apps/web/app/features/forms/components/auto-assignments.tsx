import { INSTRUMENT_KEYS, INSTRUMENTS } from '@app/shared/instruments';
import { type FormRef, MEASURE_LEAD_HOURS, RESEND_EVERY_MAX } from '@app/shared/schemas/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useToast } from '#app/ui/toast';
import { useAssignments, useCreateAssignment, useRemoveAssignment } from '../api/list-assignments';
import { useTemplates } from '../api/list-templates';

const RESEND_CHOICES = [1, 2, 4, 6, 8, 12].filter((count) => count <= RESEND_EVERY_MAX);

/**
 * What the provider sends to every new client (or, with `clientId`, to that client now): one of
 * the built-in measures or their own forms, once or again before every Nth session.
 */
export function AutoAssignments({ clientId }: { clientId?: string }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const toast = useToast();
  const assignments = useAssignments();
  const templates = useTemplates();
  const create = useCreateAssignment();
  const remove = useRemoveAssignment();
  const [choice, setChoice] = useState('instrument:phq9');
  const [resend, setResend] = useState('');
  const options = [
    ...INSTRUMENT_KEYS.map((key) => ({ value: `instrument:${key}`, label: INSTRUMENTS[key].title[lang] })),
    ...(templates.data?.data ?? []).map((template) => ({
      value: `template:${template.id}`,
      label: template.definition.title,
    })),
  ];
  const add = async () => {
    const [kind, id] = choice.split(':') as ['instrument' | 'template', string];
    const form = (kind === 'instrument' ? { instrument: id } : { templateId: id }) as FormRef;
    try {
      await create.mutateAsync({ form, clientId: clientId ?? null, resendEvery: resend ? Number(resend) : null });
      toast.success(clientId ? t('forms.assign.sent') : t('forms.assign.added'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  const own = (assignments.data?.data ?? []).filter((row) => row.clientId === (clientId ?? null));
  return (
    <section
      aria-labelledby="forms-assign"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="forms-assign" className="text-lg font-semibold">
        {clientId ? t('forms.assign.toClient') : t('forms.assign.title')}
      </h2>
      {clientId ? null : (
        <>
          <p className="text-sm text-slate-600">{t('forms.assign.intro', { hours: MEASURE_LEAD_HOURS })}</p>
          <p className="text-sm">
            <Link
              to={innerPaths.formTemplates(lang)}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline"
            >
              {t('forms.builder.templates.manage')}
            </Link>
          </p>
        </>
      )}
      <LoadGate query={assignments}>
        {() =>
          own.length === 0 ? (
            <p className="text-sm text-slate-600">{t('forms.assign.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {own.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {row.title} ·{' '}
                    {row.resendEvery ? t('forms.assign.every', { count: row.resendEvery }) : t('forms.assign.once')}
                  </span>
                  <Button
                    variant="secondary"
                    onClick={() => remove.mutate(row.id)}
                    aria-label={`${t('forms.assign.remove')}: ${row.title}`}
                  >
                    {t('forms.assign.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadGate>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 max-w-full flex-col gap-1 text-sm font-medium">
          {t('forms.assign.form')}
          <select
            className="min-h-10 w-full min-w-0 max-w-full truncate rounded-lg border border-slate-300 bg-white px-2"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 max-w-full flex-col gap-1 text-sm font-medium">
          {t('forms.assign.resend')}
          <select
            className="min-h-10 w-full min-w-0 max-w-full truncate rounded-lg border border-slate-300 bg-white px-2"
            value={resend}
            onChange={(event) => setResend(event.target.value)}
          >
            <option value="">{t('forms.assign.once')}</option>
            {RESEND_CHOICES.map((count) => (
              <option key={count} value={String(count)}>
                {t('forms.assign.every', { count })}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void add()} loading={create.isPending}>
          {t('forms.assign.add')}
        </Button>
      </div>
    </section>
  );
}
