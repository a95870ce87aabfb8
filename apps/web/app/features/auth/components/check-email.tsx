import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useRequestVerification } from '../api/request-verification';
import { Notice } from './auth-card';

/**
 * After sign-up: where the link went, a way to send it again, and the way to sign in. A client may
 * also skip verifying for now (SPEC §4 "do later"): `doLater` signs them in.
 */
export function CheckEmail({
  email,
  loginLink,
  doLater,
}: {
  email: string;
  loginLink: ReactNode;
  doLater?: { run(): Promise<void>; pending: boolean };
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const resend = useRequestVerification();

  async function resendLink() {
    try {
      toast.success((await resend.mutateAsync(email)).message);
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  return (
    <div className="flex flex-col gap-4" data-testid="check-email">
      <Notice tone="success">{t('accounts.checkEmail.text', { email })}</Notice>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" onClick={resendLink} loading={resend.isPending}>
          {t('accounts.checkEmail.resend')}
        </Button>
        {loginLink}
      </div>
      {doLater ? (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">{t('hardening.verifyLater.doLaterHint')}</p>
          <Button className="self-start" onClick={() => void doLater.run()} loading={doLater.pending}>
            {t('hardening.verifyLater.doLater')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
