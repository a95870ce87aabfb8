import { asCurrency } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/html.ts';
import { translate } from '../../platform/i18n.ts';
import { findSandboxCharge } from '../../platform/payments/sandbox.ts';
import { page, pageLanguage } from './sandbox-page.ts';
import { callbackWithReference } from './sandbox-payments.ts';
import { sandboxStripeCheckoutPage } from './sandbox-stripe-page.ts';

const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;

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
