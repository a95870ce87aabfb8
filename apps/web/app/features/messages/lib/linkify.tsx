import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than a link. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Message text as React text nodes, with http(s) links as anchors. Never markup: the text is
 * never parsed as HTML, and only http/https URLs (checked with URL) become links.
 */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let href = match[0];
    const trailing = href.match(TRAILING)?.[0] ?? '';
    if (trailing) href = href.slice(0, -trailing.length);
    let safe: string | null = null;
    try {
      const url = new URL(href);
      if (url.protocol === 'http:' || url.protocol === 'https:') safe = url.href;
    } catch {
      safe = null;
    }
    if (!safe) continue;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a
        key={`${start}-${href}`}
        href={safe}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all underline underline-offset-2"
      >
        {href}
      </a>,
    );
    last = start + href.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
