import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getViewMode, onViewModeEnd } from '#app/api/session';
import { exitViewMode } from '#app/api/view-mode';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { personName } from './people';

/**
 * In view mode, a banner on every signed-in page says whose view it is, with an exit back to the
 * admin's own session (and to the users page). When the view token expires the admin is brought
 * back the same way. Renders nothing outside view mode.
 */
export function ViewModeBanner() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  useSession(); // re-render when view mode starts or ends
  const viewing = getViewMode();
  const [leaving, setLeaving] = useState(false);

  useEffect(
    () =>
      onViewModeEnd((reason) => {
        queryClient.clear();
        if (reason === 'signedOut') return; // signing out goes on to the login page
        toast.success(t(reason === 'expired' ? 'admin.viewMode.expired' : 'admin.viewMode.ended'));
        void navigate(innerPaths.adminUsers(lang));
      }),
    [queryClient, toast, t, navigate, lang],
  );

  if (!viewing) return null;
  const name = personName(t, viewing.user);
  return (
    <section
      aria-label={t('admin.viewMode.label')}
      className="bg-amber-100 text-amber-950"
      data-testid="view-mode-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
        <p className="text-sm font-medium">
          {t('admin.viewMode.banner', { name, role: t(`admin.users.role.${viewing.user.role}`) })}
        </p>
        <Button
          variant="secondary"
          className="min-h-9 py-1"
          loading={leaving}
          onClick={async () => {
            setLeaving(true);
            try {
              await exitViewMode();
            } finally {
              setLeaving(false);
            }
          }}
        >
          {t('admin.viewMode.exit')}
        </Button>
      </div>
    </section>
  );
}
