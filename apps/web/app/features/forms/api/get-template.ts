import type { FormTemplate } from '@app/shared/schemas/forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** GET /forms/templates/{id} (provider): one of their questionnaires at its current version. */
export function getTemplate(templateId: string): Promise<FormTemplate> {
  return api<FormTemplate>(`/forms/templates/${templateId}`);
}

export const templateQuery = (templateId: string) =>
  queryOptions({ queryKey: formKeys.template(templateId), queryFn: () => getTemplate(templateId) });

export function useTemplate(templateId: string) {
  return useQuery(templateQuery(templateId));
}
