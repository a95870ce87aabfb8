import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aMessage, renderMessages } from '../lib/test-utils';
import { MessageBubble } from './message-bubble';

describe('MessageBubble', () => {
  it('renders markup as text and makes only http(s) links clickable', () => {
    const { container } = renderMessages(
      <ol>
        <MessageBubble
          message={aMessage({
            text: '<script>alert(1)</script><b>x</b> see https://example.com/a?b=1. and javascript:alert(1)',
          })}
          own={false}
          language="en"
          onDelete={() => {}}
        />
      </ol>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('message-text').textContent).toContain('<script>alert(1)</script><b>x</b>');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows a deleted message without its text or actions', () => {
    renderMessages(
      <ol>
        <MessageBubble
          message={aMessage({ text: null, deletedAt: '2027-01-01T10:01:00.000Z' })}
          own
          language="en"
          onDelete={() => {}}
        />
      </ol>,
    );
    expect(screen.getByText('message deleted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows seen ticks on own messages and offers edit and delete, in German too', () => {
    const onDelete = vi.fn();
    renderMessages(
      <ol>
        <MessageBubble
          message={aMessage({ seenAt: '2027-01-01T10:05:00.000Z', editedAt: '2027-01-01T10:02:00.000Z' })}
          own
          language="de"
          onDelete={onDelete}
        />
      </ol>,
      'de',
    );
    expect(screen.getByTestId('message-status').textContent).toContain('Gesehen');
    expect(screen.getByText('bearbeitet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onDelete).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    expect(screen.getByLabelText('Nachricht bearbeiten')).toBeTruthy();
  });
});
