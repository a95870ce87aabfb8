import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FieldMessages, fieldMessageIds } from './field';

describe('FieldMessages', () => {
  it('shows the hint, then the error announced as an alert, with ids derived from the control', () => {
    const { container } = render(<FieldMessages id="zip" hint="Five digits" error="Too short" />);
    const [hint, error] = container.querySelectorAll('p');
    expect(hint).toHaveTextContent('Five digits');
    expect(hint).toHaveAttribute('id', fieldMessageIds('zip').hintId);
    expect(error).toHaveTextContent('Too short');
    expect(error).toHaveAttribute('id', 'zip-error');
    expect(error).toHaveAttribute('role', 'alert');
  });

  it('shows nothing without a hint or an error', () => {
    const { container } = render(<FieldMessages id="zip" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Field', () => {
  it('links its error and hint to the input and marks it invalid', () => {
    render(<Field id="zip" label="Zip code" hint="Five digits" error="Too short" />);
    const input = screen.getByLabelText('Zip code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'zip-error zip-hint');
    expect(input).toHaveAccessibleDescription('Too short Five digits');
    expect(screen.getByRole('alert')).toHaveTextContent('Too short');
  });

  it('is valid and undescribed without an error or a hint', () => {
    render(<Field label="Zip code" />);
    const input = screen.getByLabelText('Zip code');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
