import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_COUNTRY } from '@app/shared/constants';
import { FLAG_KEYS, type FlagKey } from '@app/shared/schemas/flags';
import { OpenFeature, type Provider } from '@openfeature/server-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { visitorIdOf } from '../../platform/visitor.ts';
import { requestCountryCode } from '../auth/timezones.ts';
import { DatabaseFlagProvider } from './provider.ts';
import type { FlagTraits } from './rules.ts';
import { createRuleCache } from './store.ts';

/** Feature flags as the app sees them: evaluated through OpenFeature, whatever provider answers. */
export interface FlagService {
  /** `database` (our provider, rules edited in the back office) or the external provider's name. */
  providerName: string;
  /** Every known flag for one visitor. */
  evaluate(traits: FlagTraits): Promise<Record<FlagKey, boolean>>;
  /** Drops this process's cached rules (after a back-office edit). */
  invalidate(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    flags: FlagService;
  }
}

/**
 * An external provider (FLAG_PROVIDER_MODULE): a module path or package name whose
 * `createFlagProvider(config)` answers an OpenFeature server provider (flagd, a vendor SDK, …).
 */
export async function loadExternalProvider(config: Config, specifier: string): Promise<Provider> {
  const target =
    specifier.startsWith('.') || path.isAbsolute(specifier) ? pathToFileURL(path.resolve(specifier)).href : specifier;
  const loaded = (await import(target)) as { createFlagProvider?: (config: Config) => Provider | Promise<Provider> };
  if (typeof loaded.createFlagProvider !== 'function') {
    throw new Error(`FLAG_PROVIDER_MODULE ${specifier} exports no createFlagProvider(config)`);
  }
  return loaded.createFlagProvider(config);
}

/**
 * Decorates the app with `flags`. Each app binds its provider to its own OpenFeature domain (the
 * SDK's API is process-global; tests build many apps in one process).
 */
export const flagsPlugin = fp(async (app: FastifyInstance) => {
  const { config, db } = app.deps;
  const cache = createRuleCache(db);
  const provider: Provider = config.FLAG_PROVIDER_MODULE
    ? await loadExternalProvider(config, config.FLAG_PROVIDER_MODULE)
    : new DatabaseFlagProvider(cache);
  const domain = `app-${randomUUID()}`;
  await OpenFeature.setProviderAndWait(domain, provider);
  const client = OpenFeature.getClient(domain);
  app.decorate('flags', {
    providerName: provider.metadata.name,
    async evaluate(traits) {
      const context = { targetingKey: traits.visitorId, country: traits.country };
      const values = await Promise.all(FLAG_KEYS.map((key) => client.getBooleanValue(key, false, context)));
      return Object.fromEntries(FLAG_KEYS.map((key, index) => [key, values[index] ?? false])) as Record<
        FlagKey,
        boolean
      >;
    },
    invalidate: () => cache.invalidate(),
  } satisfies FlagService);
  app.addHook('onClose', async () => {
    await provider.onClose?.();
  });
});

/**
 * Every flag for the visitor of a request: the visitor id given (by default the visitor-id
 * cookie, set on the reply when missing) and the country (X-Country-Code, the country cookie, a
 * trusted proxy header, else NG).
 */
export function requestFlags(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  visitorId: string = visitorIdOf(request, reply),
) {
  const country = requestCountryCode(request, app.deps.config.TRUSTED_COUNTRY_HEADER) ?? DEFAULT_COUNTRY;
  return app.flags.evaluate({ visitorId, country });
}
