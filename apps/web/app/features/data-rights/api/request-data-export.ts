import type { DataExportState } from '@app/shared/schemas/data-rights';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { dataExportKey } from './get-data-export';

/** POST /user/data-export: starts preparing a copy of the caller's data (a background job). */
export function requestDataExport(): Promise<DataExportState> {
  return api<DataExportState>('/user/data-export', { method: 'POST' });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (state) => queryClient.setQueryData(dataExportKey, state),
  });
}
