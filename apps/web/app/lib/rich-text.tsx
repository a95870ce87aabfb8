import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with tagged words rendered as elements: "I agree to the <terms>terms and
 * conditions</terms>" with `{ terms: (words) => <a …>{words}</a> }`. The words stay whole sentences
 * in each language (the link sits where the language puts it). Written here rather than taking
 * react-i18next's Trans: the framework file every page loads carries that library, and Trans with
 * its HTML parser would add to each page's first JavaScript.
 */
export function richText(text: string, parts: Record<string, (words: string) => ReactNode>): ReactNode {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    const [whole, tag = '', words = ''] = match;
    nodes.push(text.slice(last, match.index));
    const render = parts[tag];
    nodes.push(<Fragment key={match.index}>{render ? render(words) : words}</Fragment>);
    last = match.index + whole.length;
  }
  nodes.push(text.slice(last));
  return nodes;
}
