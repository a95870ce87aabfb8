import { describe, expect, it, vi } from 'vitest';
import { FILTER_LISTS } from '#app/features/directory/components/search-filters';
import { loader } from './providers';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const option = (n: number, key: string) => ({ identifier: id(n), key, name: `Name of ${key}` });

/** The services the loader reads, answering a preference list per name (the country list too). */
function services() {
  const lists = Object.fromEntries(
    [...FILTER_LISTS, 'country'].map((list, index) => [
      list,
      [option(index * 2, `${list}-a`), option(index * 2 + 1, `${list}-b`)],
    ]),
  );
  return {
    trustedCountry: () => null,
    directory: {
      search: vi.fn(async () => ({ ok: true, page: { data: [], total: 0, nextCursor: null } })),
      filterOptions: vi.fn(async () => lists),
      states: vi.fn(async () => [
        { identifier: id(900), code: 'NG-LA', name: 'Lagos' },
        { identifier: id(901), code: 'NG-KN', name: 'Kano' },
      ]),
      publicUrl: 'https://example.test',
    },
  };
}

async function load(url: string) {
  const answer = await loader({
    request: new Request(url),
    params: {},
    context: { services: services() },
  } as unknown as Parameters<typeof loader>[0]);
  return answer.data;
}

describe('directory loader', () => {
  it('gives the filters each shown list with its options’ keys and names, and the states’ codes and names', async () => {
    const data = await load('http://localhost/providers/');
    expect(Object.keys(data.options).sort()).toEqual([...FILTER_LISTS].sort());
    expect(data.options.language).toEqual([
      { key: 'language-a', name: 'Name of language-a' },
      { key: 'language-b', name: 'Name of language-b' },
    ]);
    expect(data.states).toEqual([
      { code: 'NG-LA', name: 'Lagos' },
      { code: 'NG-KN', name: 'Kano' },
    ]);
  });

  it('carries no option or state id into the page’s data (nothing the page never reads)', async () => {
    const data = await load('http://localhost/providers/?country=NG');
    expect(JSON.stringify(data)).not.toMatch(/00000000-0000-4000-8000-/);
    expect(data.country).toBe('NG');
  });
});
