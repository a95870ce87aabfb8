import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { ContactForm } from './contact-form';

afterEach(() => vi.unstubAllGlobals());

describe('ContactForm', () => {
  it('asks for the required fields and checks the phone with SPEC.md’s rules', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '0801 234 ext');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Use digits, spaces and ( ) + - . / only')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Phone (optional)'));
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '0801');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Phone number must be 10 to 32 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the message and shows the confirmation', async () => {
    const { calls } = mockApi({
      'POST /api/contact': [
        201,
        { identifier: '5b1e8c2d-3f4a-4b6c-8d7e-9f0a1b2c3d4e', message: 'Thank you for your message.' },
      ],
    });
    renderWithProviders(<ContactForm />);
    await userEvent.type(screen.getByLabelText('First name'), 'Amaka');
    await userEvent.type(screen.getByLabelText('Last name'), 'Nwosu');
    await userEvent.type(screen.getByLabelText('Email'), 'amaka@example.test');
    await userEvent.type(screen.getByLabelText('Message'), 'Do you have Igbo-speaking therapists?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      firstName: 'Amaka',
      lastName: 'Nwosu',
      email: 'amaka@example.test',
      phoneNumber: null,
      message: 'Do you have Igbo-speaking therapists?',
    });
    expect(await screen.findByTestId('contact-sent')).toHaveTextContent('Thank you for your message.');
  });
});
