import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import {
  enterViewMode,
  getOwnSession,
  getSession,
  getViewMode,
  onViewModeEnd,
  type SessionState,
  setSession,
  type ViewModeEnd,
} from './session';
import { exitViewMode } from './view-mode';

const own: SessionState = {
  accessToken: 'admin-token',
  accessTokenExpiresAt: Date.now() + 600_000,
  refreshTokenExpiresAt: Date.now() + 86_400_000,
  role: 'admin',
  userId: 'admin-id',
  accountActive: true,
};

const viewing = {
  identifier: 'view-session-id',
  token: 'view-token',
  expiresAt: Date.now() + 900_000,
  user: {
    identifier: 'client-id',
    role: 'client' as const,
    email: 'c@example.com',
    firstName: 'Ada',
    lastName: 'Okafor',
  },
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('view mode in the browser', () => {
  const ended: ViewModeEnd[] = [];
  let stop: () => void;
  beforeEach(() => {
    setSession(own);
    ended.length = 0;
    stop = onViewModeEnd((reason) => ended.push(reason));
  });
  afterEach(() => {
    stop();
    setSession(null);
    vi.unstubAllGlobals();
  });

  it('runs the app as the viewed user, says X-View-Mode on every call, and keeps the admin session aside', async () => {
    enterViewMode(viewing);
    expect(getSession()).toMatchObject({ accessToken: 'view-token', role: 'client', userId: 'client-id' });
    expect(getOwnSession()).toBe(own);
    const fetchMock = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/wallet/balance');
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer view-token');
    expect(headers.get('X-View-Mode')).toBe('1');
  });

  it('ends when the view token stops working, without touching the admin session or refreshing', async () => {
    enterViewMode(viewing);
    const fetchMock = vi.fn(async () => answer(401, { code: 'TOKEN_EXPIRED', message: 'Your session has expired' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/wallet/balance')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1); // no refresh attempt
    expect(getViewMode()).toBeNull();
    expect(getSession()).toBe(own);
    expect(ended).toEqual(['expired']);
  });

  it('exits: the admin session is current at once and the view session is ended with the admin token', async () => {
    enterViewMode(viewing);
    const fetchMock = vi.fn(async () => answer(200, { ended: true }));
    vi.stubGlobal('fetch', fetchMock);
    await exitViewMode();
    expect(getSession()).toBe(own);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/view-mode/view-session-id');
    expect(init.method).toBe('DELETE');
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer admin-token');
    expect((init.headers as Headers).get('X-View-Mode')).toBeNull();
    expect(ended).toEqual(['ended']);
  });

  it('signing out also leaves view mode', () => {
    enterViewMode(viewing);
    setSession(null);
    expect(getViewMode()).toBeNull();
    expect(getSession()).toBeNull();
    expect(ended).toEqual(['signedOut']);
  });
});
