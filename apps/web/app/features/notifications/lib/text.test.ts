import de from '@app/shared/i18n/de.json';
import en from '@app/shared/i18n/en.json';
import type { Notification } from '@app/shared/schemas/notifications';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { notificationText } from './text';

function translator(language: 'en' | 'de'): TFunction {
  const instance = i18next.createInstance();
  instance.init({
    lng: language,
    resources: { [language]: { translation: language === 'de' ? de : en } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance) as TFunction;
}
const translators = { en: translator('en'), de: translator('de') };

const base: Notification = {
  identifier: '11111111-1111-4111-8111-111111111111',
  kind: 'booking.confirmed',
  category: 'booking',
  actorName: 'Bola Ade',
  data: { startAt: '2027-03-03T08:00:00.000Z' },
  count: 1,
  link: '/appointments/x/',
  createdAt: '2027-03-01T09:00:00.000Z',
  readAt: null,
};

describe('notificationText', () => {
  it('words a booking in the reader’s language and zone', () => {
    expect(notificationText(translators.en, base, { language: 'en', zone: 'Africa/Lagos' })).toBe(
      'Bola Ade booked a session with you for Wed 3 Mar, 09:00.',
    );
    expect(notificationText(translators.de, base, { language: 'de', zone: 'Europe/Berlin' })).toBe(
      'Bola Ade hat eine Sitzung bei dir für Mi., 3. März, 09:00 gebucht.',
    );
  });

  it("words a therapist's reply to the reader's review in English and German", () => {
    const replied = { ...base, kind: 'review.replied' as const, category: 'review' as const, actorName: 'Zoë Müller' };
    expect(notificationText(translators.en, replied, { language: 'en', zone: 'UTC' })).toBe(
      'Zoë Müller replied to your review.',
    );
    expect(notificationText(translators.de, replied, { language: 'de', zone: 'UTC' })).toBe(
      'Zoë Müller hat auf deine Bewertung geantwortet.',
    );
  });

  it('counts folded messages, names no one for an erased account, shows refunds and amounts', () => {
    const t = translators.en;
    const at = { language: 'en' as const, zone: 'UTC' };
    expect(notificationText(t, { ...base, kind: 'message.received', category: 'message', count: 3 }, at)).toBe(
      'Bola Ade sent you 3 messages.',
    );
    expect(notificationText(t, { ...base, kind: 'message.received', actorName: null }, at)).toBe(
      'Someone sent you a message.',
    );
    expect(
      notificationText(
        t,
        {
          ...base,
          kind: 'booking.cancelled',
          data: {
            startAt: base.data.startAt as string,
            refundStatus: 'refunded',
            refundMinor: 500_000,
            currencyCode: 'NGN',
          },
        },
        at,
      ),
    ).toBe('Bola Ade cancelled the session on Wed 3 Mar, 08:00. ₦5,000.00 was refunded to your wallet.');
    expect(
      notificationText(
        t,
        {
          ...base,
          kind: 'payment.transferReceived',
          actorName: null,
          data: { amountMinor: 250_000, currencyCode: 'NGN' },
        },
        at,
      ),
    ).toBe('Your bank transfer of ₦2,500.00 arrived in your wallet.');
  });
});
