import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '#test/render';
import LegalPageRoute, { loader } from './legal';

function services() {
  return {
    legal: { page: vi.fn(async () => ({ html: '<h2>Anbieter</h2><p>[BETREIBER: Firma]</p>' })) },
    directory: { publicUrl: 'https://example.test' },
  };
}

async function load(params: Record<string, string | undefined>, context = services()) {
  return loader({
    request: new Request('https://example.test/'),
    params,
    context: { services: context },
  } as unknown as Parameters<typeof loader>[0]);
}

describe('legal page loader', () => {
  it('reads the page in the language of the address', async () => {
    const context = services();
    const answer = await load({ lang: 'de', page: 'imprint' }, context);
    expect(context.legal.page).toHaveBeenCalledWith({ page: 'imprint', language: 'de' });
    expect(answer).toEqual({
      page: 'imprint',
      html: '<h2>Anbieter</h2><p>[BETREIBER: Firma]</p>',
      publicUrl: 'https://example.test',
    });
  });

  it('answers 404 for a page that is not one of the legal pages, reading nothing', async () => {
    const context = services();
    const thrown = await load({ page: 'secrets' }, context).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect(context.legal.page).not.toHaveBeenCalled();
  });
});

describe('legal page', () => {
  it('shows the translated title, the operator’s text and links to the other legal pages', async () => {
    const loaderData = {
      page: 'imprint' as const,
      html: '<h2>Provider</h2><p>[OPERATOR: company]</p>',
      publicUrl: 'https://example.test',
    };
    renderAtUrl(<LegalPageRoute {...({ loaderData } as Parameters<typeof LegalPageRoute>[0])} />, '/legal/imprint/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Imprint (Impressum)' })).toBeInTheDocument();
    expect(screen.getByTestId('legal-text')).toHaveTextContent('[OPERATOR: company]');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/legal/terms/');
    expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/legal/cookies/');
    expect(screen.queryByRole('link', { name: 'Imprint (Impressum)' })).toBeNull();
  });
});
