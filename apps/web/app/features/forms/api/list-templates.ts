import type { FormDefinitionInput, FormTemplate } from '@app/shared/schemas/forms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** GET /forms/templates (provider): their own questionnaires. */
export function listTemplates(): Promise<{ data: FormTemplate[] }> {
  return api<{ data: FormTemplate[] }>('/forms/templates');
}

export const templatesQuery = () => queryOptions({ queryKey: formKeys.templates(), queryFn: listTemplates });

export function useTemplates() {
  return useQuery(templatesQuery());
}

/** POST /forms/templates, or PUT /forms/templates/{id} (a new version). */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; definition: FormDefinitionInput }) =>
      input.id
        ? api<FormTemplate>(`/forms/templates/${input.id}`, { method: 'PUT', body: input.definition })
        : api<FormTemplate>('/forms/templates', { method: 'POST', body: input.definition }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.templates() }),
  });
}
