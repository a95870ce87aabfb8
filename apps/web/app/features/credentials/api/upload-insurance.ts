import type { Insurance } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { credentialKeys } from './keys';
import { sendForm } from './send-form';

/** POST /provider/indemnity-insurance (multipart: file, expiresOn): answers the file. */
export function uploadInsurance(
  input: { file: File; expiresOn: string; onProgress?: (percent: number) => void },
  language: string,
): Promise<Insurance> {
  const form = new FormData();
  form.append('expiresOn', input.expiresOn);
  form.append('file', input.file, input.file.name);
  return sendForm<Insurance>('/provider/indemnity-insurance', form, {
    method: 'POST',
    language,
    onProgress: input.onProgress,
  });
}

export function useUploadInsurance() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (input: { file: File; expiresOn: string; onProgress?: (percent: number) => void }) =>
      uploadInsurance(input, i18n.language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
