import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '#test/render';
import { ProviderCredentials, VerifiedBadge } from './provider-credentials';

describe('ProviderCredentials', () => {
  const none = { licences: [], education: [], yearsInPractice: null, licenseStates: [] };
  const provider = {
    licences: [{ body: 'MDCN', credentialNumber: 'MD/12-345' }],
    education: [{ title: 'MSc Clinical Psychology' }],
    yearsInPractice: 12,
    licenseStates: [
      { code: 'US-CA', name: 'California' },
      { code: 'US-NY', name: 'New York' },
    ],
  };

  it('shows the licence, education, years in practice and licence states', () => {
    renderWithI18n(<ProviderCredentials provider={provider} />);
    expect(screen.getByText('MDCN, no. MD/12-345')).toBeInTheDocument();
    expect(screen.getByText('MSc Clinical Psychology')).toBeInTheDocument();
    expect(screen.getByText('12 years in practice')).toBeInTheDocument();
    expect(screen.getByText('California, New York')).toBeInTheDocument();
  });

  it('speaks German', () => {
    renderWithI18n(
      <>
        <VerifiedBadge />
        <ProviderCredentials provider={{ ...provider, yearsInPractice: 1 }} />
      </>,
      { language: 'de' },
    );
    expect(screen.getByTestId('verified-badge')).toHaveTextContent('Verifiziert');
    expect(screen.getByText('MDCN, Nr. MD/12-345')).toBeInTheDocument();
    expect(screen.getByText('1 Jahr Praxiserfahrung')).toBeInTheDocument();
    expect(screen.getByText('Zugelassen in (US-Bundesstaaten)')).toBeInTheDocument();
  });

  it('shows nothing for a provider who has given none', () => {
    const { container } = renderWithI18n(<ProviderCredentials provider={none} />);
    expect(container).toBeEmptyDOMElement();
  });
});
