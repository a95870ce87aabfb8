import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config.ts';
import { createGoogleOidc, googleRedirectUri, googleSignInEnabled } from './google-oidc.ts';

function issuesOf(env: Record<string, string>): string {
  try {
    parseEnv(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.join('\n');
  }
}

describe('Google sign-in configuration', () => {
  it('is off by default, against Google, and on with both credentials', () => {
    const env = parseEnv({});
    expect(env.GOOGLE_ISSUER).toBe('https://accounts.google.com');
    expect(googleSignInEnabled(env)).toBe(false);
    expect(createGoogleOidc({ ...env, PUBLIC_URL: 'https://x.example' })).toBeNull();
    const on = parseEnv({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'shh' });
    expect(googleSignInEnabled(on)).toBe(true);
  });

  it('refuses one credential without the other, naming the missing one and never the value', () => {
    const issues = issuesOf({ GOOGLE_CLIENT_ID: 'visible-client-id' });
    expect(issues).toMatch(/GOOGLE_CLIENT_SECRET/);
    expect(issues).not.toContain('visible-client-id');
    expect(issuesOf({ GOOGLE_CLIENT_SECRET: 'top-secret-value' })).toMatch(/GOOGLE_CLIENT_ID/);
  });

  it('talks to an issuer over https only, plain http on this machine alone', () => {
    expect(issuesOf({ GOOGLE_ISSUER: 'http://accounts.example.com' })).toMatch(/GOOGLE_ISSUER/);
    expect(issuesOf({ GOOGLE_ISSUER: 'not a url' })).toMatch(/GOOGLE_ISSUER/);
    expect(issuesOf({ GOOGLE_ISSUER: 'http://127.0.0.1:4000' })).toBe('');
    expect(issuesOf({ GOOGLE_ISSUER: 'http://localhost:4000/' })).toBe('');
    expect(issuesOf({ GOOGLE_ISSUER: 'https://issuer.example/tenant' })).toBe('');
  });

  it('registers the callback under PUBLIC_URL', () => {
    expect(googleRedirectUri({ PUBLIC_URL: 'https://therapyhub.example/' })).toBe(
      'https://therapyhub.example/api/auth/google/callback',
    );
  });
});
