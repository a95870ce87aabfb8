import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '#test/render';
import { StarRating } from './star-rating';

/** How many of the five stars are filled: the clip's width over a star's 20 units. */
function starsFilled(): number {
  const clip = document.querySelector('clipPath rect');
  return Number(clip?.getAttribute('width')) / 20;
}

describe('StarRating', () => {
  it('reads the rating out once and fills the stars in half steps, rounding down', () => {
    renderWithI18n(<StarRating rating={4.8} count={3} />);
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(3 reviews)')).toBeInTheDocument();
    expect(starsFilled()).toBe(4.5);
  });

  it.each([
    [5, 5],
    [4.5, 4.5],
    [4.49, 4],
    [1, 1],
    [0.4, 0],
  ])('fills %s as %s stars', (rating, filled) => {
    renderWithI18n(<StarRating rating={rating} />);
    expect(starsFilled()).toBe(filled);
  });

  it('draws the stars once and fills them through a clip of its own', () => {
    renderWithI18n(
      <>
        <StarRating rating={3} />
        <StarRating rating={2} />
      </>,
    );
    const drawings = document.querySelectorAll('svg');
    expect(drawings).toHaveLength(2);
    for (const svg of drawings) {
      const stars = svg.querySelector('defs path');
      const clip = svg.querySelector('clipPath');
      const [fill, outline] = svg.querySelectorAll('use');
      expect(fill?.getAttribute('href')).toBe(`#${stars?.id}`);
      expect(fill?.getAttribute('clip-path')).toBe(`url(#${clip?.id})`);
      expect(outline?.getAttribute('stroke')).toBe('currentColor');
    }
    expect(new Set([...document.querySelectorAll('clipPath')].map((clip) => clip.id)).size).toBe(2);
  });

  it('says there are no reviews yet without stars', () => {
    renderWithI18n(<StarRating rating={null} />);
    expect(document.querySelector('svg')).toBeNull();
  });
});
