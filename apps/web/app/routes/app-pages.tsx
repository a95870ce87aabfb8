import { Outlet } from 'react-router';
import { Spinner } from '#app/ui/spinner';

/**
 * The signed-in pages whose data loads in the browser only: on a first load the server renders
 * the area's shell (routes/app-layout.tsx) with this spinner where the page goes, and the page
 * replaces it once its clientLoader has run.
 */
export function HydrateFallback() {
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner />
    </div>
  );
}

export default function AppPages() {
  return <Outlet />;
}
