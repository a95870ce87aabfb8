import type { ConsentChoice } from '@app/shared/schemas/shell';
import { useState } from 'react';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { LegalLink } from '#app/ui/legal-link';

function ConsentOptions({ onSave }: { onSave(choice: ConsentChoice): void }) {
  const { t } = useWords();
  const [flags, setFlags] = useState({ analytics: false, ads: false, personalization: false });
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <input type="checkbox" checked disabled /> {t('consent.essential')}
      </label>
      {(['analytics', 'ads', 'personalization'] as const).map((key) => (
        <label key={key} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={key}
            checked={flags[key]}
            onChange={(event) => setFlags((current) => ({ ...current, [key]: event.target.checked }))}
          />
          {t(`consent.${key}`)}
        </label>
      ))}
      <Button onClick={() => onSave({ kind: 'custom', ...flags })}>{t('consent.save')}</Button>
    </div>
  );
}

/** The consent choices dialog (opened from the banner or the footer). */
export function ConsentDialog({
  binding,
  onSave,
}: {
  binding: { open: boolean; onOpenChange(open: boolean): void };
  onSave(choice: ConsentChoice): void;
}) {
  const { t } = useWords();
  return (
    <Dialog
      {...binding}
      title={t('consent.title')}
      description={
        <>
          {t('consent.text')} <LegalLink page="cookies">{t('consent.policyLink')}</LegalLink>
        </>
      }
    >
      <ConsentOptions onSave={onSave} />
    </Dialog>
  );
}
