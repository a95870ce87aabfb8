import type { Qualification, QualificationType } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { credentialKeys } from './keys';
import { sendForm } from './send-form';

export interface QualificationUpload {
  type: QualificationType;
  body?: string;
  credentialNumber?: string;
  title?: string;
  files: File[];
  onProgress?: (percent: number) => void;
}

function formOf(input: Omit<QualificationUpload, 'onProgress'>): FormData {
  const form = new FormData();
  form.append('type', input.type);
  if (input.type === 'license') {
    form.append('body', input.body ?? '');
    form.append('credentialNumber', input.credentialNumber ?? '');
  } else form.append('title', input.title ?? '');
  for (const file of input.files) form.append('files', file, file.name);
  return form;
}

/** POST /provider/qualification/file/upload (multipart: files, type, body + credentialNumber or title). */
export function uploadQualification(input: QualificationUpload, language: string): Promise<Qualification> {
  return sendForm<Qualification>('/provider/qualification/file/upload', formOf(input), {
    method: 'POST',
    language,
    onProgress: input.onProgress,
  });
}

/** PUT /provider/qualification/files/{id}: new details; files, when chosen, replace the old ones. */
export function updateQualification(id: string, input: QualificationUpload, language: string): Promise<Qualification> {
  return sendForm<Qualification>(`/provider/qualification/files/${id}`, formOf(input), {
    method: 'PUT',
    language,
    onProgress: input.onProgress,
  });
}

export function useSaveQualification() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: QualificationUpload }) =>
      id ? updateQualification(id, input, i18n.language) : uploadQualification(input, i18n.language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
