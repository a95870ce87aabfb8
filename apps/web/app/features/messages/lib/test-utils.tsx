import type { Message } from '@app/shared/schemas/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { ToastProvider } from '#app/ui/toast';
import { testI18n } from '#test/render';

export function renderMessages(ui: ReactNode, language: 'en' | 'de' = 'en') {
  const i18n = testI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub([{ path: '*', Component: () => <>{ui}</> }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Stub />
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    identifier: '11111111-1111-4111-8111-111111111111',
    conversationIdentifier: '22222222-2222-4222-8222-222222222222',
    senderIdentifier: 'me',
    text: 'hello',
    attachment: null,
    createdAt: '2027-01-01T10:00:00.000Z',
    editedAt: null,
    deletedAt: null,
    seenAt: null,
    ...overrides,
  };
}
