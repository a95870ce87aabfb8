import { Outlet } from 'react-router';
import { AdminNav } from '#app/features/admin/components/admin-nav';
import { requireSession } from '#app/features/auth/lib/require-session';
import type { Route } from './+types/admin-layout';

/**
 * /admin/…: the back office, inside the signed-in area, for admins only (anyone else, and an
 * admin in view mode, is sent to their overview). Its pages are the routes nested here in
 * routes.ts, its sections ADMIN_NAV (features/admin/lib/admin-nav.ts).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['admin']);
  return null;
}

export default function AdminLayout() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}
