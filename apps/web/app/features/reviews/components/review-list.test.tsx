import type { Review, ReviewPage } from '@app/shared/schemas/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAtUrl } from '#test/render';
import { ReplyDialog } from './reply-dialog';
import { ReviewList } from './review-list';

const PROVIDER = '6f1c2b9e-3f57-4c1e-9a53-0d2f1b7a8c11';
const review = (id: string, overrides: Partial<Review> = {}): Review => ({
  identifier: id,
  providerIdentifier: PROVIDER,
  rating: 4,
  comment: 'Kind, clear and on time.',
  isAnonymous: false,
  reviewer: { name: "Maya O'." },
  therapy: 'Individual Therapy',
  createdAt: '2027-03-01T10:00:00.000Z',
  editedAt: null,
  editsLeft: 0,
  isMine: false,
  reportedByMe: false,
  reply: null,
  ...overrides,
});
const page = (data: Review[], nextCursor: string | null = null): ReviewPage => ({
  data,
  meta: { page: 1, perPage: 10, total: 12, totalPages: 2 },
  nextCursor,
});
const FIRST = '0b7c8a1e-1d2f-4c3b-9a8e-5f6d7c8b9a01';
const SECOND = '2a9d6c1e-8b7f-4e3d-a2c1-b0f9e8d7c6b5';
const hrefOf = (position: { sort: string; cursor: string | null }) =>
  `?reviewsSort=${position.sort}${position.cursor ? `&reviewsCursor=${position.cursor}` : ''}`;

afterEach(() => vi.unstubAllGlobals());

describe('ReviewList', () => {
  it('shows the reply under its review, the order as links and the next keyset page', async () => {
    renderAtUrl(
      <ReviewList
        reviews={page(
          [
            review(FIRST, {
              reply: { text: 'Thank you, Maya.', createdAt: '2027-03-02T10:00:00.000Z', editedAt: null },
            }),
            review(SECOND, { rating: 2 }),
          ],
          'next-page',
        )}
        position={{ sort: 'highest', cursor: null }}
        hrefOf={hrefOf}
        providerName="Dr Jean-Luc Adébáyọ̀"
        isProvider={false}
      />,
      '/providers/x/',
    );
    const replies = await screen.findAllByTestId('review-reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toHaveTextContent('Reply from Dr Jean-Luc Adébáyọ̀');
    expect(replies[0]).toHaveTextContent('Thank you, Maya.');
    const sort = screen.getByRole('navigation', { name: 'Sort' });
    expect(within(sort).getByRole('link', { name: 'Highest rated' })).toHaveAttribute('aria-current', 'true');
    expect(within(sort).getByRole('link', { name: 'Lowest rated' })).toHaveAttribute(
      'href',
      '/providers/x/?reviewsSort=lowest',
    );
    expect(screen.getByRole('link', { name: 'More reviews' })).toHaveAttribute(
      'href',
      '/providers/x/?reviewsSort=highest&reviewsCursor=next-page',
    );
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('lets the reviewed provider reply; a second reply is refused with the server’s words', async () => {
    const { calls } = mockApi({
      [`POST /api/review/${SECOND}/reply`]: [
        409,
        {
          code: 'REVIEW_ALREADY_REPLIED',
          message: 'You have already replied to this review. Edit your reply instead.',
        },
      ],
    });
    renderAtUrl(
      <>
        <ReviewList
          reviews={page([review(SECOND, { rating: 2, comment: 'Too rushed for me.' })])}
          position={{ sort: 'newest', cursor: null }}
          hrefOf={hrefOf}
          providerName="Dr Jean-Luc Adébáyọ̀"
          isProvider
        />
        <ReplyDialog />
      </>,
      '/providers/x/',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to a review' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish reply' }));
    expect(await within(dialog).findByText('Must be at least 2 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Your reply'), 'I am sorry it felt rushed.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ text: 'I am sorry it felt rushed.' });
    expect(
      await screen.findByText('You have already replied to this review. Edit your reply instead.'),
    ).toBeInTheDocument();
  });
});
