import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ensureCatalog, languageOfPath } from '#app/lib/i18n';

// The page's language catalog (its public part) is loaded before hydration so the first render
// matches the server's; so is the signed-in area's part when the server rendered that area (its
// shell carries data-app-shell); elsewhere it follows when the browser is idle.
const language = languageOfPath(window.location.pathname);
const signedInArea = document.querySelector('[data-app-shell]') !== null;
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
