import { COOKIES, isLanguage, type Language } from '@app/shared/constants';
import { asCurrency } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/html.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import { findSandboxCharge } from '../../platform/payments/sandbox.ts';
import { callbackWithReference } from './sandbox-payments.ts';
import { sandboxStripeCheckoutPage } from './sandbox-stripe-page.ts';

const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;

/** ?lang=, then a /de/ path, then the site's language cookie, then the request's language. */
export function pageLanguage(request: FastifyRequest): Language {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(query)) return query;
  if (request.url.startsWith('/de/')) return 'de';
  const cookie = request.cookies?.[COOKIES.language];
  if (isLanguage(cookie)) return cookie;
  return requestLanguage(request);
}

export function page(language: Language, body: string, titleKey = 'wallet.sandbox.title'): string {
  const title = escapeHtml(translate(language, titleKey));
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1b1f24; margin: 0; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 2px 12px rgb(0 0 0 / 8%); }
  h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
  .notice { background: #fff4d6; border-radius: 8px; padding: .6rem .8rem; font-size: .9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; margin: 1.5rem 0; }
  dt { color: #57606a; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .actions { display: flex; gap: .75rem; }
  .actions form { flex: 1; }
  button, a.button { width: 100%; padding: .75rem; border-radius: 8px; font-size: 1rem; cursor: pointer;
         border: 1px solid #0b6e4f; background: #0b6e4f; color: #fff; display: inline-block; text-align: center;
         text-decoration: none; box-sizing: border-box; }
  button.secondary { background: #fff; color: #a4262c; border-color: #a4262c; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
</style>
</head>
<body><main>
<h1>${title}</h1>
<p class="notice">${escapeHtml(translate(language, 'wallet.sandbox.notice'))}</p>
${body}
</main></body>
</html>`;
}

/**
 * The sandbox gateway's checkout page (DEV_TOOLS only), outside /api: the page a payer is sent
 * to by authorizationUrl. Approve and Decline post to /api/sandbox/payments/<reference>/…,
 * which then sends the browser back to the callback URL given at initialize.
 */
export const sandboxCheckoutPage: FastifyPluginAsync = async (app) => {
  const handler = async (
    request: FastifyRequest<{ Params: { reference: string } }>,
    reply: import('fastify').FastifyReply,
  ) => {
    const language = pageLanguage(request);
    const t = (key: string, params?: Record<string, unknown>) => escapeHtml(translate(language, key, params));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const reference = request.params.reference;
    const charge = REFERENCE.test(reference) ? await findSandboxCharge(app.deps, reference) : null;
    if (!charge) return reply.status(404).send(page(language, `<p>${t('wallet.sandbox.notFound')}</p>`));

    const details = `<dl>
<dt>${t('wallet.sandbox.amount')}</dt><dd>${escapeHtml(formatMoney(charge.amountMinor, asCurrency(charge.currencyCode), language))}</dd>
<dt>${t('wallet.sandbox.payer')}</dt><dd>${escapeHtml(charge.email)}</dd>
<dt>${t('wallet.sandbox.reference')}</dt><dd>${escapeHtml(charge.reference)}</dd>
</dl>`;
    if (charge.status !== 'pending') {
      const status = translate(language, `wallet.sandbox.statuses.${charge.status}`);
      const back = escapeHtml(callbackWithReference(charge.callbackUrl, charge.reference));
      return page(
        language,
        `${details}<p>${t('wallet.sandbox.done', { status })}</p><a class="button" href="${back}">${t('wallet.sandbox.back')}</a>`,
      );
    }
    const action = (decision: string) => `/api/sandbox/payments/${encodeURIComponent(charge.reference)}/${decision}`;
    return page(
      language,
      `${details}<div class="actions">
<form method="post" action="${action('approve')}"><button type="submit">${t('wallet.sandbox.approve')}</button></form>
<form method="post" action="${action('decline')}"><button type="submit" class="secondary">${t('wallet.sandbox.decline')}</button></form>
</div>`,
    );
  };
  for (const path of ['/sandbox/checkout/:reference', '/de/sandbox/checkout/:reference']) {
    app.get(path, { schema: { hide: true } }, handler);
    app.get(`${path}/`, { schema: { hide: true } }, handler);
  }
  await app.register(sandboxStripeCheckoutPage); // /sandbox/stripe/checkout/<session id>
};
