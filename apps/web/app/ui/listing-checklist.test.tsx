import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOCALE_LAYOUT_ID } from '#app/lib/shell-data';
import { testI18n } from '#test/render';
import { ListingChecklist } from './listing-checklist';

function show(ui: ReactNode, language: 'en' | 'de' = 'en') {
  const i18n = testI18n(language);
  const Stub = createRoutesStub([
    {
      id: LOCALE_LAYOUT_ID,
      path: '/:lang?',
      loader: () => ({ lang: language, countryCode: 'NG' }),
      children: [{ path: 'account', Component: () => ui }],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[language === 'de' ? '/de/account' : '/account']} />
    </I18nextProvider>,
  );
}

describe('ListingChecklist', () => {
  it('shows every requirement and links each missing one to where the provider fixes it', async () => {
    show(<ListingChecklist missing={['approval', 'insurance', 'availability']} audience="provider" />);
    const list = await screen.findByTestId('listing-checklist');
    expect(within(list).getByRole('heading', { name: 'Ready to go live' })).toBeTruthy();
    expect(list.getAttribute('data-live')).toBe('false');
    expect(screen.getByTestId('listing-fee').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('listing-notSuspended').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('listing-insurance').getAttribute('data-done')).toBe('false');
    expect(screen.getByText('Free times in the next 60 days')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload your insurance' }).getAttribute('href')).toBe('/my-credentials/');
    expect(screen.getByRole('link', { name: 'Add free times' }).getAttribute('href')).toBe('/provider-availability/');
    expect(screen.getByRole('link', { name: 'Submit your documents' }).getAttribute('href')).toBe('/my-credentials/');
    // Nothing to fix, no link.
    expect(screen.queryByRole('link', { name: 'Set your fee' })).toBeNull();
  });

  it('reads in German with German links', async () => {
    show(<ListingChecklist missing={['fee']} audience="provider" />, 'de');
    expect(await screen.findByRole('heading', { name: 'Bereit, live zu gehen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Honorar festlegen' }).getAttribute('href')).toBe('/de/account/');
    expect(screen.getByText('Freie Termine in den nächsten 60 Tagen')).toBeTruthy();
  });

  it('shows the back office the same list without links, and says when the provider is listed', async () => {
    show(<ListingChecklist missing={[]} audience="admin" />);
    const list = await screen.findByTestId('listing-checklist');
    expect(list.getAttribute('data-live')).toBe('true');
    expect(screen.getByText('Everything is in place: this provider is listed.')).toBeTruthy();
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });
});
