import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testI18n } from '#test/render';
import { NextSlotText } from './provider-card';

function show(ui: React.ReactNode, language: 'en' | 'de' = 'en') {
  const Stub = createRoutesStub([{ path: '*', Component: () => ui }]);
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <Stub />
    </I18nextProvider>,
  );
}

const AT = '2027-03-12T08:00:00.000Z';

describe("a directory card's next free time", () => {
  it('is a link that starts the booking with that time chosen', async () => {
    show(<NextSlotText at={AT} zone="Africa/Lagos" href={`/booking/?provider=p1&at=${AT}`} />);
    const link = await screen.findByRole('link', { name: 'Book Fri 12 Mar, 9:00 AM' });
    expect(link).toHaveAttribute('href', `/booking/?provider=p1&at=${AT}`);
    expect(link).toHaveTextContent('Next available: Fri 12 Mar, 9:00 AM');
  });

  it('says so in German, and stays text without a link or without a time', async () => {
    const { unmount } = show(<NextSlotText at={AT} zone="Africa/Lagos" href="/de/booking/?provider=p1" />, 'de');
    expect(await screen.findByRole('link', { name: /buchen$/ })).toBeVisible();
    unmount();
    show(<NextSlotText at={AT} zone="Africa/Lagos" />);
    expect(await screen.findByText('Next available: Fri 12 Mar, 9:00 AM')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
