import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: '.data',
      ACCESS_TOKEN_TTL: 900,
      REFRESH_TOKEN_TTL: 2_592_000,
      PAYMENT_GATEWAY: 'sandbox',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('fails fast listing every bad key, without echoing values', () => {
    try {
      parseEnv({ PORT: 'eighty', PAYMENT_GATEWAY: 'cash', DATABASE_URL: 'mysql://secret-password@x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const issues = (error as ConfigError).issues.join('\n');
      expect(issues).toMatch(/PORT/);
      expect(issues).toMatch(/PAYMENT_GATEWAY/);
      expect(issues).toMatch(/DATABASE_URL/);
      expect(issues).not.toContain('secret-password');
    }
  });

  it('turns DEV_TOOLS off in production unless asked', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }).DEV_TOOLS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, DEV_TOOLS: 'on' }).DEV_TOOLS).toBe(true);
    expect(loadConfig({ DATA_DIR: dir }).DEV_TOOLS).toBe(true);
  });

  it('points email links at the own port of the process when PUBLIC_URL is unset', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir, PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100');
    expect(loadConfig({ DATA_DIR: dir }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dir, PORT: '3100', PUBLIC_URL: 'https://therapyhub.example' }).PUBLIC_URL).toBe(
      'https://therapyhub.example',
    );
  });

  it('generates APP_SECRET once into DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir }).APP_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).APP_SECRET).toBe(first);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(first);
  });

  it('routes currencies to gateways, and refuses Stripe without both of its secrets', () => {
    const routed = parseEnv({
      PAYMENT_GATEWAY_GBP: 'stripe',
      PAYMENT_GATEWAY_EUR: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(routed).toMatchObject({
      PAYMENT_GATEWAY: 'sandbox',
      PAYMENT_GATEWAY_GBP: 'stripe',
      STRIPE_API_URL: 'https://api.stripe.com',
      STRIPE_WEBHOOK_TOLERANCE_SECONDS: 300,
    });
    expect(routed.PAYMENT_GATEWAY_NGN).toBeUndefined();
    try {
      parseEnv({ PAYMENT_GATEWAY_USD: 'stripe', STRIPE_SECRET_KEY: 'sk_live_secret_value' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const issues = (error as ConfigError).issues.join('\n');
      expect(issues).toMatch(/STRIPE_WEBHOOK_SECRET/);
      expect(issues).not.toMatch(/STRIPE_SECRET_KEY/);
      expect(issues).not.toContain('sk_live_secret_value');
    }
    expect(() => parseEnv({ PAYMENT_GATEWAY_GBP: 'cash' })).toThrow(/PAYMENT_GATEWAY_GBP/);
  });
});
