import { asCurrency } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/html.ts';
import { translate } from '../../platform/i18n.ts';
import { page, pageLanguage } from './sandbox-page.ts';
import { findSandboxSession, sessionObject } from './sandbox-stripe.ts';

/**
 * The sandbox's stand-in for Stripe's hosted Checkout page (DEV_TOOLS only): what the payer
 * pays and Pay / Cancel, posting to /api/sandbox/stripe/checkout/<session id>/…, which send the
 * signed webhook and then the payer back to the session's success URL.
 */
export const sandboxStripeCheckoutPage: FastifyPluginAsync = async (app) => {
  const handler = async (request: FastifyRequest<{ Params: { sessionId: string } }>, reply: FastifyReply) => {
    const language = pageLanguage(request);
    const t = (key: string, params?: Record<string, unknown>) => escapeHtml(translate(language, key, params));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const charge = await findSandboxSession(app.deps, request.params.sessionId);
    const title = 'payments.sandboxStripe.title';
    if (!charge) return reply.status(404).send(page(language, `<p>${t('wallet.sandbox.notFound')}</p>`, title));
    const session = sessionObject(charge);
    const details = `<dl>
<dt>${t('wallet.sandbox.amount')}</dt><dd>${escapeHtml(formatMoney(charge.amountMinor, asCurrency(charge.currencyCode), language))}</dd>
<dt>${t('wallet.sandbox.payer')}</dt><dd>${escapeHtml(charge.email)}</dd>
<dt>${t('wallet.sandbox.reference')}</dt><dd>${escapeHtml(session.client_reference_id)}</dd>
</dl>`;
    const back = new URL(charge.callbackUrl, 'http://sandbox.invalid');
    if (session.status !== 'open') {
      const status = translate(language, `payments.sandboxStripe.statuses.${session.status}`);
      return page(
        language,
        `${details}<p>${t('wallet.sandbox.done', { status })}</p><a class="button" href="${escapeHtml(`${back.pathname}${back.search}`)}">${t('wallet.sandbox.back')}</a>`,
        title,
      );
    }
    const action = (decision: string) =>
      `/api/sandbox/stripe/checkout/${encodeURIComponent(charge.reference)}/${decision}`;
    return page(
      language,
      `<p>${t('payments.sandboxStripe.intro')}</p>${details}<div class="actions">
<form method="post" action="${action('pay')}"><button type="submit">${t('payments.sandboxStripe.pay')}</button></form>
<form method="post" action="${action('cancel')}"><button type="submit" class="secondary">${t('payments.sandboxStripe.cancel')}</button></form>
</div>`,
      title,
    );
  };
  for (const path of ['/sandbox/stripe/checkout/:sessionId', '/de/sandbox/stripe/checkout/:sessionId']) {
    app.get(path, { schema: { hide: true } }, handler);
    app.get(`${path}/`, { schema: { hide: true } }, handler);
  }
};
