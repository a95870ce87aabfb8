import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InlineError } from '#app/ui/inline-error';
import { Spinner } from '#app/ui/spinner';

/**
 * A booking's cancellation or reschedule policy as a dialog waits for it: a spinner while it loads,
 * the error with a retry if it fails, then what the dialog says about it (`children`, if anything).
 */
export function PolicyGate<Policy>({
  policy,
  children,
}: {
  policy: UseQueryResult<Policy>;
  children?(policy: Policy): ReactNode;
}) {
  if (policy.isPending) {
    return (
      <div className="flex justify-center py-2 text-brand-700">
        <Spinner size="sm" />
      </div>
    );
  }
  if (policy.isError) {
    return <InlineError error={policy.error} onRetry={() => policy.refetch()} retrying={policy.isRefetching} />;
  }
  return children ? children(policy.data) : null;
}
