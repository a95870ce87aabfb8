import type { DataExportState } from '@app/shared/schemas/data-rights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

export const dataExportKey = ['data-rights', 'export'] as const;

/** GET /user/data-export: the caller's latest export, with a fresh short-lived link when ready. */
export function getDataExport(): Promise<DataExportState> {
  return api<DataExportState>('/user/data-export');
}

/**
 * Polls every 3 s while the archive is being prepared; once ready, every 4 minutes, so the
 * download link (valid 5 minutes) on screen is always a live one.
 */
export const dataExportQuery = queryOptions({
  queryKey: dataExportKey,
  queryFn: getDataExport,
  refetchInterval: (query) => {
    const status = query.state.data?.export?.status;
    if (status === 'pending' || status === 'running') return 3000;
    return status === 'ready' ? 4 * 60_000 : false;
  },
});

export function useDataExport() {
  return useQuery(dataExportQuery);
}
