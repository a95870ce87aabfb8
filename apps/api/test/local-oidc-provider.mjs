// A local OpenID Connect provider standing in for Google in tests and in the e2e server: a real
// oidc-provider (authorization code, PKCE required, signed ID tokens) with a one-page sign-in
// where the tester types who they are at "Google" and whether Google has verified that address.
// Plain JavaScript so scripts/e2e-server.mjs can start it in its own process without a compiler.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** A stable subject per address, like Google's numeric `sub` that never changes for one account. */
export function subjectOf(email) {
  return `g-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 20)}`;
}

function loginPage(uid, clientId) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – Local OpenID provider</title>
<style>body{font:16px system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=email]{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.2rem;background:#1a73e8;color:#fff;border:0;border-radius:4px;font-size:1rem}</style>
</head><body><main>
<h1>Local OpenID provider</h1>
<p>Stands in for Google. Sign in to continue to <strong>${escapeHtml(clientId)}</strong>.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="email">Google email</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="given_name">First name</label><input id="given_name" name="given_name" type="text" autocomplete="off">
<label for="family_name">Last name</label><input id="family_name" name="family_name" type="text" autocomplete="off">
<p><input id="email_verified" name="email_verified" type="checkbox" value="true" checked>
<label for="email_verified" style="display:inline">Google has verified this email</label></p>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

/** oidc-provider's storage, in memory, one per provider (its own default warns at every start). */
function memoryAdapter() {
  const stores = new Map();
  return class MemoryAdapter {
    constructor(name) {
      this.name = name;
      if (!stores.has(name)) stores.set(name, new Map());
      this.store = stores.get(name);
    }
    async upsert(id, payload, expiresIn) {
      this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
    }
    async find(id) {
      const entry = this.store.get(id);
      if (!entry) return undefined;
      if (entry.expiresAt && entry.expiresAt < Date.now()) {
        this.store.delete(id);
        return undefined;
      }
      return entry.payload;
    }
    async findByUid(uid) {
      for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id);
      return undefined;
    }
    async findByUserCode(userCode) {
      for (const [id, entry] of this.store) if (entry.payload.userCode === userCode) return this.find(id);
      return undefined;
    }
    async consume(id) {
      const entry = this.store.get(id);
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id) {
      this.store.delete(id);
    }
    async revokeByGrantId(grantId) {
      for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
    }
  };
}

async function readForm(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the provider on 127.0.0.1 (port 0: any free one). `redirectUris` are the client's
 * registered callbacks. Answers `{ issuer, clientId, clientSecret, accounts, close }`.
 */
export async function startLocalOidcProvider({
  port = 0,
  clientId = 'therapyhub-local',
  clientSecret = 'local-oidc-client-secret-for-tests-only',
  redirectUris,
}) {
  /** sub → the claims the last sign-in as that account typed. */
  const accounts = new Map();
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-1' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [signingKey] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: ['local-oidc-provider-cookie-signing-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // Like Google: the scope's claims are in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><title>Error</title></head><body><main><h1>${escapeHtml(out.error)}</h1><p>${escapeHtml(out.error_description ?? '')}</p></main></body></html>`;
    },
  });
  const providerCallback = provider.callback();

  async function interaction(request, response) {
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(loginPage(details.uid, details.params.client_id));
      return;
    }
    const form = await readForm(request);
    const email = (form.get('email') ?? '').trim();
    const sub = form.get('sub') || subjectOf(email);
    const given = form.get('given_name') || undefined;
    const family = form.get('family_name') || undefined;
    accounts.set(sub, {
      email,
      email_verified: form.get('email_verified') === 'true',
      given_name: given,
      family_name: family,
      name: [given, family].filter(Boolean).join(' ') || undefined,
    });
    const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on('request', (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error) => {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(String(error?.message ?? error));
      });
      return;
    }
    providerCallback(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The cookies of one browser at the provider, kept between the redirects of one sign-in. */
class CookieJar {
  cookies = new Map();
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * What a person's browser does at the provider: opens the authorization URL, signs in as
 * `account` ({ email, emailVerified?, givenName?, familyName?, sub? }) and answers the URL the
 * provider then sends the browser to (our callback with `code` and `state`, or an `error`).
 */
export async function signInAtProvider(authorizationUrl, account) {
  const jar = new CookieJar();
  let url = String(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const isLogin = new URL(url).pathname.startsWith('/interaction/');
    const response = await fetch(url, {
      method: isLogin ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(isLogin ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: isLogin
        ? new URLSearchParams({
            email: account.email,
            ...(account.emailVerified === false ? {} : { email_verified: 'true' }),
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
            ...(account.sub ? { sub: account.sub } : {}),
          }).toString()
        : undefined,
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.origin !== new URL(url).origin) return next;
    url = next.toString();
  }
  throw new Error('too many redirects at the provider');
}
