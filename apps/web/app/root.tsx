import { languageOf } from '@app/shared/constants';
import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useParams,
  useRouteError,
} from 'react-router';
import { paths } from '#app/lib/paths';
import stylesheet from './app.css?url';

export function Layout({ children }: { children: ReactNode }) {
  const { lang } = useParams();
  return (
    <html lang={languageOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence, React writes the stylesheet before the modules it preloads: the only
            render-blocking file is asked for first, not behind two dozen scripts. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last-resort boundary: never a stack trace in production. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-semibold">{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-2">
        <a className="text-brand-700 underline" href={paths.home('en')}>
          Home
        </a>
      </p>
    </main>
  );
}
