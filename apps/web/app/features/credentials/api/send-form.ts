import { ApiError, errorMessage, refreshSession } from '#app/api/client';
import { getSession } from '#app/api/session';

export interface SendFormOptions {
  method: 'POST' | 'PUT';
  language: string;
  /** 0-100 while the request body goes up. */
  onProgress?: (percent: number) => void;
}

function sendOnce<T>(path: string, form: FormData, options: SendFormOptions, token: string | null) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method, `/api${path}`);
    request.setRequestHeader('X-Language', options.language);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body: body as T });
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', request.statusText || 'Network error'));
    request.send(form);
  });
}

/**
 * A multipart request with upload progress (fetch cannot report it): XMLHttpRequest with the
 * bearer token; an expired token is renewed once and the form sent again.
 */
export async function sendForm<T>(path: string, form: FormData, options: SendFormOptions): Promise<T> {
  let answer = await sendOnce<T>(path, form, options, getSession()?.accessToken ?? null);
  if (answer.status === 401 && (answer.body as { code?: string } | null)?.code === 'TOKEN_EXPIRED') {
    const renewed = await refreshSession();
    if (renewed) answer = await sendOnce<T>(path, form, options, renewed.accessToken);
  }
  if (answer.status < 200 || answer.status >= 300) {
    const body = (answer.body ?? {}) as { code?: string; fieldErrors?: Record<string, string[]> };
    throw new ApiError(answer.status, body.code ?? 'HTTP_ERROR', errorMessage(answer.body, 'Error'), body.fieldErrors);
  }
  return answer.body as T;
}
