// Advertising bootstrap, loaded only after consent; it only records the grant for a tag manager.
window.dataLayer = window.dataLayer || [];
window.dataLayer.push({ event: 'consent_granted', ad_storage: 'granted' });
