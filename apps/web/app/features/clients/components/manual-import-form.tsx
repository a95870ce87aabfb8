import { LANGUAGES, type Language } from '@app/shared/constants';
import { ImportClientsBodySchema, MANUAL_IMPORT_MAX } from '@app/shared/schemas/clients';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { SelectField } from '#app/ui/form-fields';
import { useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useImportClients } from '../api/import-clients';
import { CLIENT_MODALS } from '../lib/modals';

interface Row {
  key: number;
  firstName: string;
  lastName: string;
  email: string;
}

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, firstName: '', lastName: '', email: '' });

/**
 * Import by email / manual entry (/clients/imported/email-manual): a name and an email per
 * client, the invitation's language, and "send an invitation". Checked with the API's schema.
 */
export function ManualImportForm({ language }: { language: Language }) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const importClients = useImportClients();
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [inviteLanguage, setInviteLanguage] = useState<Language>(language);
  const [allowInvite, setAllowInvite] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setRow = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      clients: rows.map(({ firstName, lastName, email }) => ({ firstName, lastName, email, language: inviteLanguage })),
      allowInvite,
    };
    const parsed = ImportClientsBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= tMessage(t, issue.message) ?? '';
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const answer = await importClients.mutateAsync(parsed.data);
      setRows([emptyRow()]);
      modals.open(CLIENT_MODALS.importSuccess, { answer });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0] ?? '']));
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(error.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="manual-import">
      {rows.map((row, index) => (
        <fieldset key={row.key} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
          <legend className="px-1 text-sm font-semibold">{t('clients.manual.row', { number: index + 1 })}</legend>
          <Field
            label={t('clients.fields.firstName')}
            value={row.firstName}
            autoComplete="off"
            onChange={(event) => setRow(row.key, { firstName: event.target.value })}
            error={errors[`clients.${index}.firstName`]}
          />
          <Field
            label={t('clients.fields.lastName')}
            value={row.lastName}
            autoComplete="off"
            onChange={(event) => setRow(row.key, { lastName: event.target.value })}
            error={errors[`clients.${index}.lastName`]}
          />
          <Field
            label={t('clients.fields.email')}
            type="email"
            value={row.email}
            autoComplete="off"
            onChange={(event) => setRow(row.key, { email: event.target.value })}
            error={errors[`clients.${index}.email`]}
          />
          {rows.length > 1 ? (
            <Button
              variant="ghost"
              className="justify-self-start text-red-700 hover:bg-red-50 sm:col-span-3"
              onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
            >
              {t('clients.manual.removeRow', { number: index + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {errors.clients ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.clients}
        </p>
      ) : null}
      {rows.length < MANUAL_IMPORT_MAX ? (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => setRows((current) => [...current, emptyRow()])}
        >
          {t('clients.manual.addRow')}
        </Button>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('clients.manual.language')}
          emptyLabel={t('clients.manual.language')}
          options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          value={inviteLanguage}
          onChange={(event) => setInviteLanguage(event.target.value as Language)}
        />
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" checked={allowInvite} onChange={(event) => setAllowInvite(event.target.checked)} />
          {t('clients.manual.allowInvite')}
        </label>
      </div>
      <Button type="submit" loading={importClients.isPending} className="self-start">
        {t('clients.manual.submit')}
      </Button>
    </form>
  );
}
