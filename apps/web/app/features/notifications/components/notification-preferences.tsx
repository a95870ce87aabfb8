import {
  AWAY_EMAIL_AFTER_MINUTES,
  AWAY_EMAIL_QUIET_MINUTES,
  type NotificationPreference,
  type NotificationPreferences,
} from '@app/shared/schemas/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { LoadGate } from '#app/ui/load-gate';
import { useToast } from '#app/ui/toast';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';

type Row = NotificationPreferences['data'][number];

function PreferencesTable({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateNotificationPreferences();
  const [rows, setRows] = useState<Row[]>(saved.data);
  const change = (category: Row['category'], channel: 'inApp' | 'email', enabled: boolean) =>
    setRows((current) => current.map((row) => (row.category === category ? { ...row, [channel]: enabled } : row)));
  const save = () => {
    const preferences: NotificationPreference[] = rows.flatMap((row) => [
      { category: row.category, channel: 'inApp' as const, enabled: row.inApp },
      ...(row.emailChannel === 'optional'
        ? [{ category: row.category, channel: 'email' as const, enabled: Boolean(row.email) }]
        : []),
    ]);
    update.mutate(
      { preferences },
      {
        onSuccess: (next) => {
          setRows(next.data);
          toast.success(t('notifications.preferences.saved'));
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('notifications.preferences.category')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('notifications.preferences.inApp')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('notifications.preferences.email')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const label = t(`notifications.categories.${row.category}`);
              return (
                <tr key={row.category} className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-2 font-medium">
                    {label}
                  </th>
                  <td className="px-4 py-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={row.inApp}
                      onChange={(event) => change(row.category, 'inApp', event.target.checked)}
                      aria-label={`${label}: ${t('notifications.preferences.inApp')}`}
                    />
                  </td>
                  <td className="px-4 py-2">
                    {row.emailChannel === 'optional' ? (
                      <>
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={Boolean(row.email)}
                          onChange={(event) => change(row.category, 'email', event.target.checked)}
                          aria-label={`${label}: ${t('notifications.preferences.email')}`}
                          aria-describedby={row.category === 'message' ? 'message-email-hint' : undefined}
                        />
                        {row.category === 'message' ? (
                          <p id="message-email-hint" className="mt-1 max-w-xs text-xs text-slate-600">
                            {t('notifications.preferences.messageEmail', {
                              after: AWAY_EMAIL_AFTER_MINUTES,
                              quiet: AWAY_EMAIL_QUIET_MINUTES,
                            })}
                          </p>
                        ) : null}
                      </>
                    ) : (
                      <span className="text-slate-600">
                        {row.emailChannel === 'always'
                          ? t('notifications.preferences.always')
                          : t('notifications.preferences.noEmail')}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div>
        <Button onClick={save} loading={update.isPending}>
          {t('notifications.preferences.save')}
        </Button>
      </div>
    </div>
  );
}

/** The notifications part of /preference: each kind of event, in the app and by email. */
export function NotificationPreferencesSection() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  return (
    <section aria-labelledby="notification-preferences" className="mt-10">
      <h2 id="notification-preferences" className="text-xl font-semibold">
        {t('notifications.preferences.title')}
      </h2>
      <p className="mt-1 mb-4 text-slate-600">{t('notifications.preferences.intro')}</p>
      <LoadGate query={preferences}>{(saved) => <PreferencesTable saved={saved} />}</LoadGate>
    </section>
  );
}
