import { type AdminFlag, FlagRuleSchema } from '@app/shared/schemas/flags';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { useReaderDates } from '#app/lib/reader-dates';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { LoadGate } from '#app/ui/load-gate';
import { useToast } from '#app/ui/toast';
import { useAdminFlags } from '../api/list-flags';
import { useUpdateFlag } from '../api/update-flag';

function FlagCard({ flag }: { flag: AdminFlag }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateFlag();
  const [enabled, setEnabled] = useState(flag.enabled);
  const [countries, setCountries] = useState(flag.countries.join(', '));
  const [rollout, setRollout] = useState(String(flag.rolloutPercent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const switchId = useId();
  const name = t(`flags.${flag.key}.name`);

  const save = () => {
    const parsed = FlagRuleSchema.safeParse({
      enabled,
      countries: countries
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
      rolloutPercent: rollout.trim() === '' ? Number.NaN : Number(rollout),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        next[field] ??= tMessage(t, issue.message) ?? '';
      }
      return setErrors(next);
    }
    setErrors({});
    update.mutate(
      { key: flag.key, rule: parsed.data },
      {
        onSuccess: (saved) => {
          setCountries(saved.countries.join(', '));
          toast.success(t('admin.flags.saved', { name }));
        },
        onError: (failure) => {
          if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length > 0) {
            setErrors(
              Object.fromEntries(
                Object.entries(failure.fieldErrors).map(([field, messages]) => [
                  field.split('.')[0],
                  messages[0] ?? '',
                ]),
              ),
            );
          } else toast.error(failure.message);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${switchId}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid={`flag-${flag.key}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${switchId}-title`} className="text-lg font-semibold">
            {name} <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal">{flag.key}</code>
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t(`flags.${flag.key}.description`)}</p>
          <p className="mt-1 text-xs text-slate-600">
            {flag.updatedAt
              ? t('admin.flags.updated', {
                  date: when.dateTime(flag.updatedAt),
                  name: flag.updatedBy ?? t('admin.common.noName'),
                })
              : t('admin.flags.neverUpdated')}
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${flag.enabled ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700'}`}
        >
          {t('admin.flags.state')}: {flag.enabled ? t('admin.flags.on') : t('admin.flags.off')}
        </span>
      </div>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr_12rem] sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <label htmlFor={switchId} className="flex items-center gap-2 pt-7 text-sm font-medium">
          <input
            id={switchId}
            type="checkbox"
            className="size-4"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          {t('admin.flags.enabled')}
        </label>
        <Field
          label={t('admin.flags.countries')}
          hint={t('admin.flags.countriesHint')}
          placeholder={t('admin.flags.allCountries')}
          value={countries}
          onChange={(event) => setCountries(event.target.value)}
          error={errors.countries}
        />
        <Field
          label={t('admin.flags.rollout')}
          inputMode="numeric"
          value={rollout}
          onChange={(event) => setRollout(event.target.value)}
          error={errors.rolloutPercent}
        />
        <div className="sm:col-span-3">
          <Button type="submit" loading={update.isPending}>
            {t('admin.flags.save', { name })}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /admin/flags/: every feature flag with its rule (on, countries, share of visitors). */
export function FlagsTable() {
  const { t } = useTranslation();
  const flags = useAdminFlags();
  return (
    <LoadGate query={flags}>
      {(list) => (
        <div className="flex flex-col gap-4">
          {list.provider !== 'database' ? (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t('admin.flags.externalProvider', { name: list.provider })}
            </p>
          ) : null}
          {list.data.map((flag) => (
            <FlagCard key={`${flag.key}-${flag.updatedAt}`} flag={flag} />
          ))}
        </div>
      )}
    </LoadGate>
  );
}
