import type { OwnReview } from '@app/shared/schemas/reviews';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModals } from '#app/ui/modal-manager';
import { mockApi, renderWithProviders } from '#test/render';
import { REVIEW_MODALS } from '../lib/modals';
import { ReviewDialog } from './review-dialog';

const BOOKING = '2a9d6c1e-8b7f-4e3d-a2c1-b0f9e8d7c6b5';
const REVIEW = '5b1e8c2d-3f4a-4b6c-8d7e-9f0a1b2c3d4e';

function Opener() {
  const { open } = useModals();
  useEffect(() => open(REVIEW_MODALS.review, { bookingId: BOOKING, providerName: 'Dr Chiamaka Eze' }), [open]);
  return null;
}

function renderDialog(path = '/appointments/') {
  const Stub = createRoutesStub([
    {
      path: '/appointments/',
      Component: () => (
        <>
          {path.includes('participantId') ? null : <Opener />}
          <ReviewDialog />
        </>
      ),
    },
  ]);
  return renderWithProviders(<Stub initialEntries={[path]} />);
}

const own = (overrides: Partial<OwnReview> = {}): OwnReview => ({
  identifier: REVIEW,
  bookingIdentifier: BOOKING,
  providerIdentifier: '6f1c2b9e-3f57-4c1e-9a53-0d2f1b7a8c11',
  rating: 4,
  comment: 'Helpful and kind.',
  isAnonymous: false,
  reviewer: { name: 'Ada O.' },
  therapy: 'Individual Therapy',
  createdAt: '2027-03-01T10:00:00.000Z',
  editedAt: null,
  editsLeft: 1,
  isMine: true,
  reportedByMe: false,
  reply: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('ReviewDialog', () => {
  it('reviews a session: half-step rating, the comment rule, anonymous, then closes after 2 s', async () => {
    const { calls } = mockApi({
      [`GET /api/review/booking/${BOOKING}`]: [404, { message: 'Not found', code: 'NOT_FOUND' }],
      [`POST /api/review/${BOOKING}`]: (call) => [201, own({ ...(call.body as object), editsLeft: 1 })],
    });
    renderDialog();
    expect(await screen.findByText('Session with Dr Chiamaka Eze')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Please choose a rating')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Rated 4.5 out of 5' }));
    await userEvent.type(screen.getByLabelText('Your comment (optional)'), 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Your comment must be at least 5 characters')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your comment (optional)'), ' and warm');
    await userEvent.click(screen.getByLabelText(/Post anonymously/));
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      rating: 4.5,
      comment: 'ok and warm',
      isAnonymous: true,
    });
    expect(await screen.findByText('Thank you for your review')).toBeInTheDocument();
    expect(screen.getByTestId('review-saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3500 });
  }, 20_000);

  it('edits once: prefilled, warned, saved with SPEC.md’s words', async () => {
    const { calls } = mockApi({
      [`GET /api/review/booking/${BOOKING}`]: [200, own()],
      [`PUT /api/review/${REVIEW}`]: (call) => [200, own({ ...(call.body as object), editsLeft: 0 })],
    });
    renderDialog();
    expect(await screen.findByText(/You can edit a review once/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your comment (optional)')).toHaveValue('Helpful and kind.');
    expect(screen.getByRole('radio', { name: 'Rated 4 out of 5' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Rated 5 out of 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      rating: 5,
      comment: 'Helpful and kind.',
    });
    expect((await screen.findAllByText('Review updated successfully')).length).toBeGreaterThan(0);
  });

  it('says a review edited once cannot change, and shows the server’s refusal', async () => {
    mockApi({ [`GET /api/review/booking/${BOOKING}`]: [200, own({ editsLeft: 0 })] });
    renderDialog();
    expect(await screen.findByTestId('review-locked')).toHaveTextContent('cannot be changed again');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('opens from ?participantId= and shows a refused save as a toast', async () => {
    mockApi({
      [`GET /api/review/booking/${BOOKING}`]: [404, { message: 'Not found', code: 'NOT_FOUND' }],
      [`POST /api/review/${BOOKING}`]: [
        409,
        { message: 'You can review a session once it has taken place.', code: 'REVIEW_NOT_ALLOWED' },
      ],
    });
    renderDialog(`/appointments/?participantId=${BOOKING}`);
    await userEvent.click(await screen.findByRole('radio', { name: 'Rated 3 out of 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('You can review a session once it has taken place.')).toBeInTheDocument();
  });
});
