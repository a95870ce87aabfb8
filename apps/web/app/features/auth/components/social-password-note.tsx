import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';

/**
 * In place of "change password" for an account that signed up with Google: it has no password to
 * type, and the reset link by email is how it gets one.
 */
export function SocialPasswordNote() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-700" data-testid="social-password-note">
      <p>{t('google.noPassword')}</p>
      <div>
        <Link to={innerPaths.forgotPassword(lang)} className="font-semibold text-brand-700 underline">
          {t('google.setPassword')}
        </Link>
      </div>
    </div>
  );
}
