export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** sub → the claims the last sign-in as that account typed. */
  accounts: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export interface ProviderAccount {
  email: string;
  /** Default true. */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** Default: a stable subject derived from the address (subjectOf). */
  sub?: string;
}

export function subjectOf(email: string): string;

export function startLocalOidcProvider(options: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
}): Promise<LocalOidcProvider>;

export function signInAtProvider(authorizationUrl: string | URL, account: ProviderAccount): Promise<URL>;
