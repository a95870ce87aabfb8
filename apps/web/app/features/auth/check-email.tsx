import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useRequestVerification } from './api/request-verification';
import { Notice } from './auth-card';

/** After sign-up: where the link went, a way to send it again, and the way to sign in. */
export function CheckEmail({ email, loginLink }: { email: string; loginLink: ReactNode }) {
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
    </div>
  );
}
