/**
 * The document without the CSP nonce on its same-origin `<link>` tags (React Router's module
 * preloads, the stylesheet): `'self'` in script-src and style-src already allows them, so a nonce
 * there only lengthened the page (38 times on the directory) and gave a cached page as many places
 * to fill in each answer (apps/api/src/web/rendered-page.ts). Inline scripts keep it, and so does a
 * link to another origin, which only the nonce allows.
 */
export function withoutSameOriginLinkNonces(html: string, nonce: string): string {
  const attribute = ` nonce="${nonce}"`;
  return html.replace(/<link [^>]*>/g, (tag) => (/ href="\/(?!\/)/.test(tag) ? tag.replace(attribute, '') : tag));
}

/**
 * The same for a rendered page's bytes. React writes every `<link>` it renders into `<head>`, so
 * only the head is decoded, changed and encoded again; the body (nearly all of the page) keeps
 * its bytes. A link left in the body would keep its nonce, which is allowed, only longer.
 */
export function withoutSameOriginLinkNoncesInHead(page: Buffer, nonce: string): Buffer {
  const end = page.indexOf('</head>');
  if (end < 0) return Buffer.from(withoutSameOriginLinkNonces(page.toString('utf8'), nonce), 'utf8');
  const head = withoutSameOriginLinkNonces(page.toString('utf8', 0, end), nonce);
  return Buffer.concat([Buffer.from(head, 'utf8'), page.subarray(end)]);
}
