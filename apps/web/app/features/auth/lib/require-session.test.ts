import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './require-session';

describe('post-login redirects', () => {
  it('accepts same-origin paths only', () => {
    expect(safeRedirect('/wallet/?tab=1', '/overview/')).toBe('/wallet/?tab=1');
    expect(safeRedirect('//evil.example/x', '/overview/')).toBe('/overview/');
    expect(safeRedirect('https://evil.example', '/overview/')).toBe('/overview/');
    expect(safeRedirect('/\\evil.example', '/overview/')).toBe('/overview/');
    expect(safeRedirect(null, '/overview/')).toBe('/overview/');
  });

  it('builds the login path with the redirect query in the right language', () => {
    expect(loginPath('de', '/de/wallet/')).toBe('/de/login/?redirect=%2Fde%2Fwallet%2F');
    expect(loginPath('en', '/wallet/')).toBe('/login/?redirect=%2Fwallet%2F');
  });
});
