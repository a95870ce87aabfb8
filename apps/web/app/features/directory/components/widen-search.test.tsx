import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testI18n } from '#test/render';
import { FiltersSheet, filterCount } from './filters-sheet';
import { WidenSearch } from './widen-search';

const options = {
  language: [
    { key: 'yo', name: 'Yoruba' },
    { key: 'ig', name: 'Igbo' },
  ],
  specialities: [{ key: 'burnout', name: 'Burnout' }],
};

function renderWiden(search: string, onlineElsewhere: { total: number; href: string } | null) {
  const Stub = createRoutesStub([
    {
      path: '/providers/',
      Component: () => (
        <WidenSearch
          params={new URLSearchParams(search)}
          lists={['language', 'specialities']}
          options={options}
          states={[{ code: 'NG-LA', name: 'Lagos' }]}
          countryName="Nigeria"
          onlineElsewhere={onlineElsewhere}
        />
      ),
    },
  ]);
  renderWithProviders(<Stub initialEntries={[`/providers/${search}`]} />);
  return screen.getByTestId('widen-search');
}

describe('an empty directory result', () => {
  it('offers to drop each filter on its own, keeping the others', () => {
    const box = renderWiden('?q=Ada&language=yo,ig&state=NG-LA&cursor=x', null);
    const links = within(box).getAllByRole('link');
    const hrefOf = (name: string) => links.find((link) => link.textContent === name)?.getAttribute('href');
    expect(hrefOf('Remove “Ada”')).toBe('/providers/?language=yo%2Cig&state=NG-LA');
    expect(hrefOf('Remove Yoruba')).toBe('/providers/?q=Ada&language=ig&state=NG-LA');
    expect(hrefOf('Remove Igbo')).toBe('/providers/?q=Ada&language=yo&state=NG-LA');
    expect(hrefOf('Remove Lagos')).toBe('/providers/?q=Ada&language=yo%2Cig');
    expect(hrefOf('Search outside Nigeria')).toBe('/providers/?q=Ada&language=yo%2Cig&country=all');
  });

  it('names the providers elsewhere who see clients online', () => {
    const box = renderWiden('?specialities=burnout', { total: 3, href: '?specialities=burnout&country=all' });
    expect(
      within(box).getByRole('link', { name: '3 therapists in other countries see clients online' }),
    ).toHaveAttribute('href', '/providers/?specialities=burnout&country=all');
  });
});

describe('the filters on a phone', () => {
  it('counts every chosen filter', () => {
    expect(
      filterCount(new URLSearchParams('language=yo,ig&state=NG-LA&priceMin=5&priceMax=9&sort=price'), ['language']),
    ).toBe(4);
  });

  it('is hidden on a phone from the first paint on, and shown without JavaScript', () => {
    const html = renderToString(
      <I18nextProvider i18n={testI18n('de')}>
        <FiltersSheet count={1} search="?q=Gro%C3%9F">
          <input aria-label="Suche" />
        </FiltersSheet>
      </I18nextProvider>,
    );
    expect(/<aside[^>]*>/.exec(html)?.[0]).toContain('max-lg:hidden');
    expect(html).toMatch(/<noscript><style>[^<]*\[data-filters-sheet\]\{display:block!important\}/);
    expect(html).toContain('Filter (1)');
  });

  it('opens as a dialog behind "Filters (n)", closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <FiltersSheet count={2} search="?language=yo">
        <input aria-label="Search" />
      </FiltersSheet>,
    );
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
