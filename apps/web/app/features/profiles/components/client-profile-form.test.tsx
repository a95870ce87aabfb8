import type { ClientProfile } from '@app/shared/schemas/profiles';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import { ClientProfileForm } from './client-profile-form';

const NIGERIA = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0a01';
const GERMANY = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0a02';
const LAGOS = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0b01';

const country = (identifier: string, name: string, timezones: string[]) => ({
  identifier,
  code: name.slice(0, 2).toUpperCase(),
  name,
  currencyCode: null,
  timezones,
  operating: true,
});

const profile: ClientProfile = {
  identifier: '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0d01',
  firstName: 'Ada',
  lastName: 'Obi',
  photoUrl: null,
  thumbnailUrl: null,
  avatarIdentifier: null,
  userName: 'ada_obi',
  email: 'ada@example.com',
  zipCode: null,
  countryIdentifier: NIGERIA,
  stateIdentifier: LAGOS,
  dob: null,
  religionIdentifier: null,
  ethnicityIdentifier: null,
  gender: null,
  timezone: 'Africa/Lagos',
  isSocial: false,
  emergencyContact: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('ClientProfileForm', () => {
  it('clears the state and moves the time zone into a newly chosen country, then saves', async () => {
    const { calls } = mockApi({
      'GET /api/preferences': [200, { religion: [], background: [] }],
      'GET /api/region/country?all=true': [
        200,
        [country(NIGERIA, 'Nigeria', ['Africa/Lagos']), country(GERMANY, 'Germany', ['Europe/Berlin'])],
      ],
      [`GET /api/region/country/${NIGERIA}/states`]: [200, [{ identifier: LAGOS, code: 'LA', name: 'Lagos' }]],
      [`GET /api/region/country/${GERMANY}/states`]: [200, []],
      'PUT /api/client': ({ body }) => [200, { ...profile, ...(body as object) }],
    });
    renderWithProviders(<ClientProfileForm profile={profile} />);
    expect(await screen.findByRole('combobox', { name: 'Gender' })).toHaveDisplayValue('Not specified');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Country' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data saved successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      countryIdentifier: GERMANY,
      stateIdentifier: null,
      timezone: 'Europe/Berlin',
      userName: 'ada_obi',
    });
  });
});
