/**
 * A provider's public page lives at `/providers/<id>-<slug>/`: the id finds the provider, the
 * slug (their name as URL words, from the API) makes the address readable. An address with the
 * id alone, or with a slug that has since changed, still finds them and is sent on to this one.
 */
export function providerPagePath(provider: { identifier: string; slug: string }): string {
  return `/providers/${providerSegment(provider)}/`;
}

/** The `<id>-<slug>` path segment (the id alone when the name gives no slug). */
export function providerSegment(provider: { identifier: string; slug: string }): string {
  return provider.slug ? `${provider.identifier}-${provider.slug}` : provider.identifier;
}

/**
 * A provider page's path segment, `<id>` or `<id>-<slug>` (the id captured), as pattern text, for
 * the paths built from it (the server's page cache matches whole page paths with it).
 */
export const PROVIDER_SEGMENT_PATTERN =
  '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-[a-z0-9-]*)?';

const SEGMENT = new RegExp(`^${PROVIDER_SEGMENT_PATTERN}$`, 'i');

/** The provider id of a path segment (`<id>` or `<id>-<slug>`), or null when it names none. */
export function providerIdOfSegment(segment: string): string | null {
  return SEGMENT.exec(segment)?.[1]?.toLowerCase() ?? null;
}
