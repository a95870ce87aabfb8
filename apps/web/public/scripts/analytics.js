// First-party analytics bootstrap, loaded only after consent. It records page views in a
// dataLayer that an operator's tag manager (ANALYTICS_SCRIPT_URL) can read; it sends nothing itself.
window.dataLayer = window.dataLayer || [];
window.dataLayer.push({ event: 'consent_granted', analytics_storage: 'granted', page: location.pathname });
