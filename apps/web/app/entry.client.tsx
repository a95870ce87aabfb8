import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { ensureCatalog, languageOfPath } from '#app/lib/i18n';

// The page's language catalog is loaded before hydration so the first render matches the server's.
await ensureCatalog(languageOfPath(window.location.pathname));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
