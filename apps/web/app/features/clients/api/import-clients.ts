import type { CsvImportReport, CsvMapping, ImportClientsAnswer, ImportClientsBody } from '@app/shared/schemas/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { clientKeys } from './keys';

/** POST /clients/import: names and emails typed in; invitations when allowInvite. */
export function importClients(body: ImportClientsBody): Promise<ImportClientsAnswer> {
  return api<ImportClientsAnswer>('/clients/import', { method: 'POST', body });
}

export function useImportClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importClients,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export interface CsvImportInput {
  file: File;
  dryRun: boolean;
  mapping: CsvMapping;
  allowInvite: boolean;
  language: string;
}

/** POST /clients/import/csv: a dry run reports every row; a commit writes the valid ones at once. */
export function importClientsCsv(input: CsvImportInput): Promise<CsvImportReport> {
  const form = new FormData();
  form.append('dryRun', String(input.dryRun));
  form.append('mapping', JSON.stringify(input.mapping));
  form.append('allowInvite', String(input.allowInvite));
  form.append('language', input.language);
  form.append('file', input.file, input.file.name);
  return api<CsvImportReport>('/clients/import/csv', { method: 'POST', body: form });
}

export function useImportClientsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importClientsCsv,
    onSuccess: (report) => {
      if (!report.dryRun) void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}
