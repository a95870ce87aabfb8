import { PolicyPage } from '#app/features/bookings/components/policy-page';

/** /policy/client-cancellation/ (public). */
export default function ClientCancellationPolicy() {
  return <PolicyPage party="client" />;
}
