import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScrollRow } from './scroll-row';

function Tabs() {
  const scrollRow = useScrollRow<HTMLUListElement>();
  return (
    <ul ref={scrollRow} aria-label="Verwaltung">
      <li>Gemeldete Bewertungen</li>
      <li>Manuelle Auszahlungen</li>
    </ul>
  );
}

/** The browser's layout, which the test environment does not compute. */
function lay(element: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('useScrollRow', () => {
  it('marks the row and fades the edge past which more lies, as it scrolls', () => {
    render(<Tabs />);
    const row = screen.getByRole('list', { name: 'Verwaltung' });
    expect(row).toHaveAttribute('data-scroll-row');

    lay(row, { scrollWidth: 700, clientWidth: 390 });
    fireEvent.scroll(row);
    expect(row).not.toHaveAttribute('data-more-start');
    expect(row).toHaveAttribute('data-more-end');

    row.scrollLeft = 150;
    fireEvent.scroll(row);
    expect(row).toHaveAttribute('data-more-start');
    expect(row).toHaveAttribute('data-more-end');

    row.scrollLeft = 310;
    fireEvent.scroll(row);
    expect(row).toHaveAttribute('data-more-start');
    expect(row).not.toHaveAttribute('data-more-end');
  });

  it('fades nothing when the row fits', () => {
    render(<Tabs />);
    const row = screen.getByRole('list', { name: 'Verwaltung' });
    lay(row, { scrollWidth: 390, clientWidth: 390 });
    fireEvent.scroll(row);
    expect(row).not.toHaveAttribute('data-more-start');
    expect(row).not.toHaveAttribute('data-more-end');
  });
});
