import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testI18n } from '#test/render';
import { FiltersSheet, filterCount } from './filters-sheet';
import { type OnlineElsewhere, WidenSearch } from './widen-search';

const options = {
  language: [
    { key: 'yo', name: 'Yoruba' },
    { key: 'ig', name: 'Igbo' },
  ],
  specialities: [{ key: 'burnout', name: 'Burnout' }],
};

function widen(search: string, onlineElsewhere: OnlineElsewhere | null) {
  return (
    <WidenSearch
      params={new URLSearchParams(search)}
      lists={['language', 'specialities']}
      options={options}
      states={[{ code: 'NG-LA', name: 'Lagos' }]}
      countryName="Nigeria"
      onlineElsewhere={onlineElsewhere}
    />
  );
}

function renderWiden(search: string, onlineElsewhere: OnlineElsewhere | null) {
  const Stub = createRoutesStub([{ path: '/providers/', Component: () => widen(search, onlineElsewhere) }]);
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
    const box = renderWiden('?specialities=burnout', {
      total: 3,
      moreThanTotal: false,
      href: '?specialities=burnout&country=all',
    });
    expect(
      within(box).getByRole('link', { name: '3 therapists in other countries see clients online' }),
    ).toHaveAttribute('href', '/providers/?specialities=burnout&country=all');
  });

  it('says "more than" when the count stopped at its limit, in the reader’s language', () => {
    const elsewhere = { total: 1000, moreThanTotal: true, href: '?country=all' };
    const box = renderWiden('?specialities=burnout', elsewhere);
    expect(
      within(box).getByRole('link', { name: 'More than 1,000 therapists in other countries see clients online' }),
    ).toBeVisible();
    const html = renderToString(
      <I18nextProvider i18n={testI18n('de')}>
        {createElement(createRoutesStub([{ path: '/de/providers/', Component: () => widen('', elsewhere) }]), {
          initialEntries: ['/de/providers/'],
        })}
      </I18nextProvider>,
    );
    expect(html).toContain('Mehr als 1.000 Therapeut:innen in anderen Ländern bieten Online-Sitzungen an');
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
