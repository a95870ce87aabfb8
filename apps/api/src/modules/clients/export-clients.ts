import type { Language } from '@app/shared/constants';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { toCsv } from './csv.ts';
import { pageOfClients } from './list-clients.ts';

const EXPORT_PAGE = 1000;

/** GET /clients/export: the provider's client list as CSV, every cell neutralized against formulas. */
export async function exportClients(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; language: Language },
): Promise<string> {
  if (input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  const now = deps.clock.now();
  const t = (key: string) => translate(input.language, `clients.export.${key}`);
  const rows: Array<Array<string | null>> = [];
  let cursor: [string, string] | null = null;
  for (;;) {
    const page = await pageOfClients(deps.db, {
      providerId: input.actor.userId,
      now,
      cursor,
      importedOnly: false,
      limit: EXPORT_PAGE,
    });
    for (const row of page) {
      const at = (value: Date | string | null) => (value === null ? '' : new Date(value).toISOString());
      rows.push([
        row.first_name,
        row.last_name,
        row.email,
        row.user_id ? t('yes') : t('no'),
        row.booked ? t('yes') : t('no'),
        row.imported ? t('yes') : t('no'),
        at(row.last_session_at),
        at(row.next_session_at),
      ]);
    }
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE || !last) break;
    cursor = [last.sort_name, last.identifier];
  }
  return toCsv(
    [
      t('firstName'),
      t('lastName'),
      t('email'),
      t('hasAccount'),
      t('booked'),
      t('imported'),
      t('lastSession'),
      t('nextSession'),
    ],
    rows,
  );
}
