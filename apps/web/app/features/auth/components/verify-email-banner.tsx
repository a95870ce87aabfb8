import { currencyForCountry, DEFAULT_CURRENCY } from '@app/shared/currency';
import { unverifiedTopUpCapMajor } from '@app/shared/verification-rules';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { useUserInfo } from '#app/api/use-user-info';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useRequestVerification } from '../api/request-verification';

/**
 * A client who chose "Do later" (SPEC §4/§6) is reminded on every signed-in page: what stays
 * limited until the email address is verified (@app/shared/verification-rules), and a new link.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useUserInfo();
  const resend = useRequestVerification();
  if (!user.data || user.data.emailVerified || user.data.role !== 'client') return null;
  const { email } = user.data;
  const currency = currencyForCountry(user.data.country?.code, { fallback: DEFAULT_CURRENCY });

  async function resendLink() {
    try {
      toast.success((await resend.mutateAsync(email)).message);
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  return (
    <section
      aria-labelledby="verify-email-banner-title"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
      data-testid="verify-email-banner"
    >
      <div>
        <h2 id="verify-email-banner-title" className="font-semibold">
          {t('hardening.verifyLater.bannerTitle')}
        </h2>
        <p className="mt-1">
          {t('hardening.verifyLater.bannerText', { email, amount: unverifiedTopUpCapMajor(currency), currency })}
        </p>
      </div>
      <Button variant="secondary" className="shrink-0" onClick={resendLink} loading={resend.isPending}>
        {t('hardening.verifyLater.resend')}
      </Button>
    </section>
  );
}
