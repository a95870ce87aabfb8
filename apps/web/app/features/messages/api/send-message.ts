import type { Message } from '@app/shared/schemas/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorMessage, refreshSession } from '#app/api/client';
import { getSession } from '#app/api/session';

export interface SendMessageInput {
  conversationId: string;
  text: string;
  file: File | null;
  language: string;
  onProgress?(percent: number): void;
}

/** One XHR (fetch cannot report upload progress); a 401 TOKEN_EXPIRED refreshes once and retries. */
function upload(input: SendMessageInput, token: string | undefined): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.set('conversationIdentifier', input.conversationId);
  form.set('text', input.text);
  if (input.file) form.set('file', input.file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/messages/store');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('X-Language', input.language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.send(form);
  });
}

/** POST /messages/store (multipart: conversationIdentifier, text, file). */
export async function sendMessage(input: SendMessageInput): Promise<Message> {
  let result = await upload(input, getSession()?.accessToken);
  if (result.status === 401 && (result.body as { code?: string } | null)?.code === 'TOKEN_EXPIRED') {
    const renewed = await refreshSession();
    if (renewed) result = await upload(input, renewed.accessToken);
  }
  if (result.status >= 400 || result.status === 0) {
    const body = (result.body ?? {}) as { code?: string; fieldErrors?: Record<string, string[]> };
    throw new ApiError(result.status, body.code ?? 'HTTP_ERROR', errorMessage(result.body, 'Error'), body.fieldErrors);
  }
  return result.body as Message;
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
