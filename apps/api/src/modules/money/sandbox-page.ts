import { COOKIES, isLanguage, type Language } from '@app/shared/constants';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../platform/html.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';

// The frame of the sandbox gateways' pages (the card checkout and the Stripe stand-in): one file
// below both, so each page imports the frame and neither imports the other.

/** ?lang=, then a /de/ path, then the site's language cookie, then the request's language. */
export function pageLanguage(request: FastifyRequest): Language {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(query)) return query;
  if (request.url.startsWith('/de/')) return 'de';
  const cookie = request.cookies?.[COOKIES.language];
  if (isLanguage(cookie)) return cookie;
  return requestLanguage(request);
}

/** A whole sandbox page: the title, the notice that no real money moves, and the body. */
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
