import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/api/client';
import { calendarAnswers, makeBooking, mockApi, renderBooking } from '../lib/test-utils';
import { type RepeatOption, ScheduleForm } from './schedule-form';
import { SeriesChoice, type SeriesChoiceValue, seriesSessions } from './series-choice';

const NOW = new Date('2027-03-10T12:00:00Z').getTime();
const SLOT = {
  identifier: 'slot-9',
  startTime: '09:00',
  endTime: '10:00',
  startAt: '2027-03-12T09:00:00.000Z',
  endAt: '2027-03-12T10:00:00.000Z',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function repeatOption(overrides: Partial<RepeatOption> = {}): RepeatOption {
  return {
    providerZone: 'UTC',
    priceMinor: 1_500_000,
    currencyCode: 'NGN',
    submitSeries: vi.fn(async () => undefined),
    submitLabel: (count) => `Book ${count} sessions and pay the first`,
    ...overrides,
  };
}

/** The booking flow's step 2: the calendar, then "Book a series". */
function renderScheduleForm(repeat: RepeatOption, submit = vi.fn(async () => undefined)) {
  renderBooking(
    <ScheduleForm
      booking={makeBooking({ status: 'pending', startAt: null, endAt: null, isPaid: false, paymentMethod: null })}
      submit={submit}
      submitLabel="Continue to payment"
      noteLabel="Note (optional)"
      repeat={repeat}
    />,
  );
  return { submit };
}

describe('seriesSessions', () => {
  it("keeps the provider's wall-clock time across a DST change", () => {
    // Berlin moves to summer time on 28 March 2027: 10:00 there is 09:00Z before and 08:00Z after.
    const sessions = seriesSessions(
      { startAt: '2027-03-22T09:00:00.000Z', endAt: '2027-03-22T10:00:00.000Z' },
      3,
      'Europe/Berlin',
    );
    expect(sessions).toEqual([
      { startAt: '2027-03-22T09:00:00.000Z', endAt: '2027-03-22T10:00:00.000Z' },
      { startAt: '2027-03-29T08:00:00.000Z', endAt: '2027-03-29T09:00:00.000Z' },
      { startAt: '2027-04-05T08:00:00.000Z', endAt: '2027-04-05T09:00:00.000Z' },
    ]);
  });

  it('puts two weeks between the sessions of a fortnightly series, still on the wall clock', () => {
    const sessions = seriesSessions(
      { startAt: '2027-03-22T09:00:00.000Z', endAt: '2027-03-22T10:00:00.000Z' },
      3,
      'Europe/Berlin',
      'fortnightly',
    );
    expect(sessions.map((session) => session.startAt)).toEqual([
      '2027-03-22T09:00:00.000Z',
      '2027-04-05T08:00:00.000Z',
      '2027-04-19T08:00:00.000Z',
    ]);
  });
});

describe('SeriesChoice', () => {
  it('lists every date of the series and the total in the provider’s currency', () => {
    const value: SeriesChoiceValue = { enabled: true, occurrences: 4, cadence: 'weekly' };
    renderBooking(
      <SeriesChoice
        slot={SLOT}
        value={value}
        onChange={() => undefined}
        providerZone="UTC"
        zone="UTC"
        priceMinor={1_500_000}
        currencyCode="NGN"
      />,
    );
    const dates = within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem');
    expect(dates.map((item) => item.textContent)).toEqual([
      'Session 1: Friday, 12 March 2027, 9:00 AM – 10:00 AM',
      'Session 2: Friday, 19 March 2027, 9:00 AM – 10:00 AM',
      'Session 3: Friday, 26 March 2027, 9:00 AM – 10:00 AM',
      'Session 4: Friday, 2 April 2027, 9:00 AM – 10:00 AM',
    ]);
    expect(screen.getByTestId('series-total')).toHaveTextContent('Total for 4 sessions₦60,000.00');
    expect(screen.getByRole('combobox', { name: 'Number of sessions' })).toHaveValue('4');
    // The choice covers the API's range, 2 to 12.
    const options = within(screen.getByRole('combobox', { name: 'Number of sessions' })).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
  });

  it('says so in German, with a free series costing nothing', () => {
    renderBooking(
      <SeriesChoice
        slot={SLOT}
        value={{ enabled: true, occurrences: 2, cadence: 'fortnightly' }}
        onChange={() => undefined}
        providerZone="UTC"
        zone="UTC"
        priceMinor={0}
        currencyCode="NGN"
      />,
      { language: 'de' },
    );
    expect(screen.getByRole('checkbox', { name: /Als Serie buchen/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Alle zwei Wochen' })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Deine Sitzungen' })).toHaveTextContent(
      'Sitzung 2: Freitag, 26. März 2027',
    );
    expect(screen.getByTestId('series-total')).toHaveTextContent('Gesamt für 2 SitzungenKostenlos');
  });
});

describe('ScheduleForm with "Book a series"', () => {
  it('books the series from the chosen slot: dates listed, total shown, the count sent', async () => {
    mockApi(calendarAnswers());
    const repeat = repeatOption();
    const { submit } = renderScheduleForm(repeat);
    const user = userEvent.setup();

    expect(screen.queryByRole('list', { name: 'Your sessions' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Book a series/ }));
    expect(screen.getByRole('radio', { name: 'Every week' })).toBeChecked();
    expect(screen.getByText('Choose the time of the first session to see every date.')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of sessions' }), '3');
    await user.click(await screen.findByRole('radio', { name: '9:00 AM – 10:00 AM' }));

    const dates = within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem');
    expect(dates).toHaveLength(3);
    expect(dates[2]).toHaveTextContent('Session 3: Friday, 26 March 2027, 9:00 AM – 10:00 AM');
    expect(screen.getByTestId('series-total')).toHaveTextContent('Total for 3 sessions₦45,000.00');

    await user.type(screen.getByLabelText('Note (optional)'), 'Weekly, please');
    await user.click(screen.getByRole('button', { name: 'Book 3 sessions and pay the first' }));
    expect(repeat.submitSeries).toHaveBeenCalledWith({
      timeslotIdentifier: 'slot-9',
      note: 'Weekly, please',
      occurrences: 3,
      cadence: 'weekly',
    });
    expect(submit).not.toHaveBeenCalled();
  });

  it('books a fortnightly series of up to 12: the dates two weeks apart and the total follow', async () => {
    mockApi(calendarAnswers());
    const repeat = repeatOption();
    renderScheduleForm(repeat);
    const user = userEvent.setup();

    await user.click(screen.getByRole('checkbox', { name: /Book a series/ }));
    await user.click(await screen.findByRole('radio', { name: '9:00 AM – 10:00 AM' }));
    await user.click(screen.getByRole('radio', { name: 'Every two weeks' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of sessions' }), '12');

    const dates = within(screen.getByRole('list', { name: 'Your sessions' })).getAllByRole('listitem');
    expect(dates).toHaveLength(12);
    expect(dates[1]).toHaveTextContent('Session 2: Friday, 26 March 2027, 9:00 AM – 10:00 AM');
    expect(dates[11]).toHaveTextContent('Session 12: Friday, 13 August 2027, 9:00 AM – 10:00 AM');
    expect(screen.getByTestId('series-total')).toHaveTextContent('Total for 12 sessions₦180,000.00');

    await user.click(screen.getByRole('button', { name: 'Book 12 sessions and pay the first' }));
    expect(repeat.submitSeries).toHaveBeenCalledWith({
      timeslotIdentifier: 'slot-9',
      note: null,
      occurrences: 12,
      cadence: 'fortnightly',
    });
  });

  it('without "Book a series" books the one slot', async () => {
    mockApi(calendarAnswers());
    const repeat = repeatOption();
    const { submit } = renderScheduleForm(repeat);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: '10:00 AM – 11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(submit).toHaveBeenCalledWith({ timeslotIdentifier: 'slot-10', note: null });
    expect(repeat.submitSeries).not.toHaveBeenCalled();
  });

  it('shows SERIES_SLOT_UNAVAILABLE as an alert and keeps every choice', async () => {
    mockApi(calendarAnswers());
    const message = 'The session on 2027-03-26 is not available. Choose another start time or fewer sessions.';
    const repeat = repeatOption({
      submitSeries: vi.fn(async () => {
        throw new ApiError(409, 'SERIES_SLOT_UNAVAILABLE', message);
      }),
    });
    renderScheduleForm(repeat);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Book a series/ }));
    await user.click(await screen.findByRole('radio', { name: '9:00 AM – 10:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Book 4 sessions and pay the first' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText(/^Chosen: .*12 March 2027, 9:00 AM – 10:00 AM$/)).toBeVisible();
    expect(screen.getByRole('radio', { name: '9:00 AM – 10:00 AM' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Number of sessions' })).toHaveValue('4');
    // Changing the count clears the message.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of sessions' }), '2');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
