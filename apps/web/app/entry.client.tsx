import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { refreshSession } from '#app/api/client';
import { getSession } from '#app/api/session';
import { ensureCatalog, languageOfPath } from '#app/lib/i18n';

// The page's language catalog (its public part) is loaded before hydration so the first render
// matches the server's; so is the signed-in area's part when the server rendered that area (its
// shell carries data-app-shell); elsewhere it follows when the browser is idle.
// A new tab of that area renews its token meanwhile, so the page's first calls carry it.
const language = languageOfPath(window.location.pathname);
const signedInArea = document.querySelector('[data-app-shell]') !== null;
if (signedInArea && !getSession()) void refreshSession();
await Promise.all([ensureCatalog(language), signedInArea ? ensureCatalog(language, 'app') : undefined]);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000));
idle(() => void ensureCatalog(language, 'app'));
