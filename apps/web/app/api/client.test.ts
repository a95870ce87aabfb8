import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApiClient, errorMessage } from './client';
import { getSession, setSession } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeToken(sub: string, role = 'client') {
  return `h.${btoa(JSON.stringify({ sub, role }))}.s`;
}

describe('api client', () => {
  const onSignedOut = vi.fn();
  beforeEach(() => {
    configureApiClient({ language: 'de', countryCode: 'GB', onSignedOut });
    setSession({
      accessToken: 'old',
      accessTokenExpiresAt: Date.now() - 1,
      refreshTokenExpiresAt: Date.now() + 60_000,
      role: 'client',
      userId: 'u1',
      accountActive: true,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    onSignedOut.mockReset();
    setSession(null);
  });

  it('sends the language, locale, country and bearer headers', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/wallet/balance');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Headers;
    expect(url).toBe('/api/wallet/balance');
    expect(headers.get('Authorization')).toBe('Bearer old');
    expect(headers.get('X-Language')).toBe('de');
    expect(headers.get('X-Locale')).toBe('de-DE');
    expect(headers.get('X-Country-Code')).toBe('GB');
  });

  it('refreshes once for concurrent TOKEN_EXPIRED answers and retries each request once', async () => {
    let refreshes = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        return json(200, { token: fakeToken('u1'), refreshToken: 'r2', expiresIn: 900, refreshTokenExp: 3600 });
      }
      const auth = (init.headers as Headers).get('Authorization');
      return auth === 'Bearer old' ? json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }) : json(200, { url });
    });
    vi.stubGlobal('fetch', fetchMock);
    const results = await Promise.all([api('/a'), api('/b'), api('/c')]);
    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshes).toBe(1);
    expect(getSession()?.accessToken).toBe(fakeToken('u1'));
  });

  it('signs out and reports when the refresh fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/refresh'
          ? json(401, { code: 'UNAUTHENTICATED', message: 'no' })
          : json(401, { code: 'TOKEN_EXPIRED', message: 'Your session has expired' }),
      ),
    );
    await expect(api('/x')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for other 401 codes', async () => {
    const fetchMock = vi.fn(async () =>
      json(401, { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/user/login', { method: 'POST', body: {} })).rejects.toThrow('Email or password is incorrect');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads error messages in the SPEC order', () => {
    expect(errorMessage({ message: 'm', errors: ['e'] }, 'f')).toBe('m');
    expect(errorMessage({ errors: ['a', 'b'] }, 'f')).toBe('a, b');
    expect(errorMessage({ errors: 'as is' }, 'f')).toBe('as is');
    expect(errorMessage({ error: 'err' }, 'f')).toBe('err');
    expect(errorMessage(null, 'fallback')).toBe('fallback');
  });
});
