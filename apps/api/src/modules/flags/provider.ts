import { isFlagKey } from '@app/shared/schemas/flags';
import {
  ErrorCode,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/server-sdk';
import { evaluateFlagRule } from './rules.ts';
import type { RuleCache } from './store.ts';

/**
 * Our OpenFeature provider: boolean flags whose rules live in feature_flags (edited in the back
 * office). The evaluation context carries `targetingKey` (the visitor id) and `country`.
 */
export class DatabaseFlagProvider implements Provider {
  readonly metadata = { name: 'database' } as const;
  readonly runsOn = 'server' as const;

  constructor(private readonly cache: RuleCache) {}

  async resolveBooleanEvaluation(
    flagKey: string,
    defaultValue: boolean,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<boolean>> {
    if (!isFlagKey(flagKey)) return { value: defaultValue, reason: 'ERROR', errorCode: ErrorCode.FLAG_NOT_FOUND };
    const rule = (await this.cache.rules()).get(flagKey);
    if (!rule) return { value: defaultValue, reason: 'DEFAULT' };
    const outcome = evaluateFlagRule(flagKey, rule, {
      visitorId: typeof context.targetingKey === 'string' ? context.targetingKey : '',
      country: typeof context.country === 'string' ? context.country : '',
    });
    return { value: outcome.value, reason: outcome.reason, variant: outcome.value ? 'on' : 'off' };
  }

  private mismatch<T>(defaultValue: T): Promise<ResolutionDetails<T>> {
    return Promise.resolve({ value: defaultValue, reason: 'ERROR', errorCode: ErrorCode.TYPE_MISMATCH });
  }

  resolveStringEvaluation(_key: string, defaultValue: string) {
    return this.mismatch(defaultValue);
  }

  resolveNumberEvaluation(_key: string, defaultValue: number) {
    return this.mismatch(defaultValue);
  }

  resolveObjectEvaluation<T extends JsonValue>(_key: string, defaultValue: T) {
    return this.mismatch(defaultValue);
  }
}
