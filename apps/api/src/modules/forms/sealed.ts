import type { Config } from '../../config.ts';
import { keyringOf, seal, unseal, unsealText } from '../notes/crypto.ts';

type KeyConfig = Pick<Config, 'APP_SECRET' | 'NOTES_ENCRYPTION_KEYS' | 'NOTES_ENCRYPTION_KEY_ID'>;
export type SealedField = 'draft' | 'answers' | 'result';

/** Binds a value to its form and field, so a ciphertext copied elsewhere does not open. */
const aad = (requestId: string, field: SealedField) => Buffer.from(`forms:${requestId}:${field}`);

/** Whose chart: one client's with one provider, or a client's own across providers (provider null). */
export interface ChartScope {
  clientId: string;
  providerId: string | null;
}
const chartAad = (scope: ChartScope) => Buffer.from(`forms-progress:${scope.clientId}:${scope.providerId ?? 'own'}`);

/**
 * A form's answers and result are sealed like clinical notes: the notes' keyring (same keys,
 * same rotation setting, AES-256-GCM per value). Answers the current key's id and the sealer.
 */
export function formSealer(config: KeyConfig) {
  const ring = keyringOf(config);
  return {
    keyId: ring.currentId,
    seal: (requestId: string, field: SealedField, value: unknown): Buffer =>
      seal(ring, ring.currentId, JSON.stringify(value), aad(requestId, field)),
    open: <T>(keyId: string, requestId: string, field: SealedField, sealed: Buffer): T =>
      JSON.parse(unsealText(ring, keyId, sealed, aad(requestId, field))) as T,
    /**
     * A progress chart sealed whole (form_progress_digests), bound to whose chart it is: the bytes
     * of its answer as sent (gzipped JSON, progress.ts), so a read opens them and sends them as
     * they are. Compressed before sealing, so at rest it answers no one's guesses about its size.
     */
    sealChart: (scope: ChartScope, answer: Buffer): Buffer => seal(ring, ring.currentId, answer, chartAad(scope)),
    openChart: (keyId: string, scope: ChartScope, sealed: Buffer): Buffer =>
      unseal(ring, keyId, sealed, chartAad(scope)),
    /** The same value moved from `keyId` to the current key, never parsed (key rotation). */
    reseal: (keyId: string, requestId: string, field: SealedField, sealed: Buffer): Buffer =>
      seal(ring, ring.currentId, unseal(ring, keyId, sealed, aad(requestId, field)), aad(requestId, field)),
  };
}
export type FormSealer = ReturnType<typeof formSealer>;
