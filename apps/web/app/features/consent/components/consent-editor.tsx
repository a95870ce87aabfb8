import type { OwnConsent } from '@app/shared/schemas/consent';
import { type SaveConsentBody, SaveConsentBodySchema } from '@app/shared/schemas/consent';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { dateTimeOf } from '#app/lib/format';
import { useLocaleData } from '#app/lib/shell-data';
import { tMessage } from '#app/lib/t-message';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { TextAreaField } from '#app/ui/form-fields';
import { LoadGate } from '#app/ui/load-gate';
import { useToast } from '#app/ui/toast';
import { useOwnConsent, useSaveConsent, useSaveConsentSettings } from '../api/own-consent';

/** The provider's consent and practice policy: write a new version, the room setting, the versions. */
export function ConsentEditor() {
  const query = useOwnConsent();
  return <LoadGate query={query}>{(own) => <EditorFields own={own} />}</LoadGate>;
}

function EditorFields({ own }: { own: OwnConsent }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone() ?? 'UTC';
  const toast = useToast();
  const save = useSaveConsent();
  const settings = useSaveConsentSettings();
  const current = own.versions[0];
  const form = useForm<SaveConsentBody>({
    resolver: zodResolver(SaveConsentBodySchema),
    defaultValues: { body: current?.body ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset({ body: saved.body });
      toast.success(t('telehealthConsent.editor.saved', { version: saved.version }));
    } catch (failure) {
      showServerError(failure, { setError: form.setError, fields: ['body'], toast, t });
    }
  });
  const onRequired = async (required: boolean) => {
    try {
      await settings.mutateAsync({ required });
      toast.success(t('telehealthConsent.editor.settingsSaved'));
    } catch (failure) {
      showServerError(failure, { toast, t });
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {current ? null : <p className="mb-4 text-slate-600">{t('telehealthConsent.editor.none')}</p>}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="consent-editor">
          <TextAreaField
            label={t('telehealthConsent.editor.label')}
            hint={t('telehealthConsent.editor.hint')}
            rows={14}
            error={tMessage(t, form.formState.errors.body?.message)}
            {...form.register('body')}
          />
          <div>
            <Button type="submit" loading={save.isPending}>
              {t('telehealthConsent.editor.save')}
            </Button>
          </div>
        </form>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
            checked={own.required}
            disabled={settings.isPending}
            onChange={(event) => void onRequired(event.target.checked)}
            aria-describedby="consent-required-hint"
          />
          <span className="font-medium">{t('telehealthConsent.editor.required')}</span>
        </label>
        <p id="consent-required-hint" className="mt-1 ml-7 text-sm text-slate-600">
          {t('telehealthConsent.editor.requiredHint')}
        </p>
      </section>
      {own.versions.length > 0 ? (
        <section aria-labelledby="consent-versions-heading">
          <h2 id="consent-versions-heading" className="mb-3 text-lg font-semibold">
            {t('telehealthConsent.editor.versions')}
          </h2>
          <ul className="flex flex-col gap-2" data-testid="consent-versions">
            {own.versions.map((version, index) => (
              <li
                key={version.version}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3"
              >
                <span>
                  {t('telehealthConsent.editor.versionLine', {
                    version: version.version,
                    when: dateTimeOf(version.createdAt, zone, lang),
                  })}
                  {index === 0 ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      {t('telehealthConsent.editor.current')}
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-slate-600">
                  {t('telehealthConsent.editor.signatures', { count: version.signatures })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
