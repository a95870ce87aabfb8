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
