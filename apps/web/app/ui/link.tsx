import { createElement, forwardRef, useContext } from 'react';
import { type LinkProps, Link as RouterLink, UNSAFE_NavigationContext } from 'react-router';

/** The server's link (exported for its test, which holds it to React Router's markup). */
export const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const { to } = props;
  if (typeof to !== 'string' || !isPlainAppPath(to) || basename !== '/') return <RouterLink ref={ref} {...props} />;
  // One pass over the props given (a handful), where a spread leaving names out cost more than
  // the rest of the link. Event handlers are not written on the server; `to` is not an attribute.
  const anchor: Record<string, unknown> = {};
  for (const name in props) {
    const value = props[name as keyof LinkProps];
    if (ROUTER_ONLY.has(name)) {
      if (value !== undefined) return <RouterLink ref={ref} {...props} />;
    } else if (name !== 'to') {
      anchor[name] = value;
    }
  }
  anchor.href = to;
  anchor['data-discover'] = 'true';
  return createElement('a', anchor);
});

/**
 * What changes React Router's `<a>` beyond its address (or where its attributes go: `target` after
 * `href`), or only matters to a click or a prefetch: a link with any of these is React Router's.
 */
const ROUTER_ONLY: ReadonlySet<string> = new Set([
  'target',
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
] satisfies Array<keyof LinkProps>);

/** An absolute path of this origin with nothing for React Router to resolve (no `.` or `..` segment). */
export function isPlainAppPath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//') && !/\/\.\.?(?:[/?#]|$)/.test(to);
}

/**
 * A link to a page of the app: React Router's `Link` in the browser, where it navigates without a
 * reload. On the server nothing is clicked, and React Router's link resolved each address against
 * the matched routes and set up its click and prefetch handling anyway: about a tenth of a public
 * page's render with its forty links. There, a link to an address the paths table gives (absolute,
 * no prefetch) is written as the `<a>` React Router writes for it, attribute for attribute; any
 * other link is React Router's.
 */
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
