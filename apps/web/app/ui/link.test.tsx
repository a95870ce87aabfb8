import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType, ContextType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type LinkProps,
  type Navigator,
  Link as RouterLink,
  StaticRouterProvider,
  UNSAFE_NavigationContext,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPlainAppPath, ServerLink } from './link';

/** A page's HTML as the server renders it, at a nested route under the language, with `page` in it. */
async function renderAt(url: string, page: ReactNode): Promise<string> {
  const routes = [
    {
      path: '/',
      children: [{ path: ':lang?', children: [{ path: 'providers/:slug?', element: page }] }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

/** The same links rendered with each kind of link. */
const links = (Link: ComponentType<LinkProps>) => (
  <nav>
    <Link to="/de/providers/">Therapeut:innen</Link>
    <Link
      to="/providers/?q=anxiety&amp;sort=price#results"
      className="underline"
      aria-label="Zoë O'Brien-Adeyemi’s profile"
    >
      Zoë O'Brien-Adeyemi
    </Link>
    <Link to="/providers/1-ada/" data-testid="card" onClick={() => undefined}>
      <span>Ada</span>
    </Link>
    <Link to="/" discover="none">
      Home
    </Link>
    <Link to="/wallet/" target="_blank" rel="noreferrer">
      Wallet
    </Link>
    <Link to="?page=2">Next page</Link>
    <Link to="../">Up</Link>
    <Link to="/providers/./x/">Odd</Link>
    <Link to={{ pathname: '/providers/', search: '?q=grief' }}>Grief</Link>
    <Link to="/login/" prefetch="intent" replace state={{ from: 'nav' }}>
      Log in
    </Link>
    <Link to="https://example.com/">Elsewhere</Link>
  </nav>
);

describe('the server’s link', () => {
  it('writes the same markup as React Router’s link, for every kind of address and prop', async () => {
    for (const url of ['/providers/', '/de/providers/ada/']) {
      const ours = await renderAt(url, links(ServerLink));
      const theirs = await renderAt(url, links(RouterLink));
      expect(ours).toBe(theirs);
      expect(ours).toContain('href="/providers/?q=anxiety&amp;sort=price#results"');
    }
  });

  it('writes a plain link itself, without React Router’s resolving (which needs a whole router)', () => {
    const navigation = { basename: '/', navigator: {} as Navigator, static: true, future: {} } as ContextType<
      typeof UNSAFE_NavigationContext
    >;
    const inNavigationOnly = (link: ReactNode) =>
      renderToString(<UNSAFE_NavigationContext.Provider value={navigation}>{link}</UNSAFE_NavigationContext.Provider>);
    expect(inNavigationOnly(<ServerLink to="/providers/">Find</ServerLink>)).toBe(
      '<a href="/providers/" data-discover="true">Find</a>',
    );
    expect(() => inNavigationOnly(<ServerLink to="?page=2">Next</ServerLink>)).toThrow(/<Router>/);
  });

  it('keeps an absolute path of this origin for itself and leaves anything to resolve to React Router', () => {
    expect(isPlainAppPath('/de/providers/')).toBe(true);
    expect(isPlainAppPath('/providers/?q=a.b#x')).toBe(true);
    expect(isPlainAppPath('/providers/1-dr.-ada/')).toBe(true);
    expect(isPlainAppPath('?page=2')).toBe(false);
    expect(isPlainAppPath('../')).toBe(false);
    expect(isPlainAppPath('//evil.example/')).toBe(false);
    expect(isPlainAppPath('/providers/./x/')).toBe(false);
    expect(isPlainAppPath('/providers/..')).toBe(false);
    expect(isPlainAppPath('/a/../b?x')).toBe(false);
  });
});

describe('links in the app', () => {
  it('all come from this module, so the server writes every plain one itself', () => {
    const app = path.resolve(import.meta.dirname, '..');
    const direct = readdirSync(app, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== path.join('ui', 'link.tsx'))
      .filter((file) =>
        /import \{[^}]*\bLink\b[^}]*\} from 'react-router'/.test(readFileSync(path.join(app, file), 'utf8')),
      );
    expect(direct).toEqual([]);
  });
});
