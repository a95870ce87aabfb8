import { PREFERENCE_LIST_NAMES } from '@app/shared/schemas/catalog';
import type { Preferences, ProviderProfile } from '@app/shared/schemas/profiles';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '#test/render';
import type { PreferenceOptions } from '../api/get-preference-options';
import { ProviderSetupForm } from './provider-setup-form';

const NIGERIA = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0a01';
const LAGOS = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0b01';
const CBT = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0c01';
const VIDEO = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0c02';
const ANXIETY = '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0c03';

const item = (identifier: string, name: string) => ({ identifier, key: name.toLowerCase(), name });
const lists = {
  therapy: [item(CBT, 'CBT')],
  modality: [item(VIDEO, 'Video Session')],
  specialities: [item(ANXIETY, 'Anxiety')],
} as unknown as PreferenceOptions;

const noPreferences = Object.fromEntries(PREFERENCE_LIST_NAMES.map((name) => [name, []])) as unknown as Preferences;

function providerProfile(details: Partial<ProviderProfile['profileInfo']> = {}, chosen = true): ProviderProfile {
  return {
    profileInfo: {
      identifier: '7d0e3c55-4a55-4c1e-9a39-4c6f1f7e0d01',
      firstName: null,
      lastName: null,
      email: 'therapist@example.com',
      photo: null,
      thumbnail: null,
      headline: null,
      title: 'Dr',
      phoneNumber: null,
      officeAddress: '12 Marina Road',
      bio: null,
      zipCode: '10001',
      country: { identifier: NIGERIA, code: 'NG' },
      countryIdentifier: NIGERIA,
      stateIdentifier: LAGOS,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: 'female',
      disciplineIdentifier: null,
      ...details,
    },
    bookingFee: { general: null, therapy: [] },
    setup: { isComplete: false, savedAt: null, missing: ['bookingFee'] },
    verificationStatus: 'draft',
    preferences: chosen
      ? {
          ...noPreferences,
          therapy: [item(CBT, 'CBT')],
          modality: [item(VIDEO, 'Video Session')],
          specialities: [item(ANXIETY, 'Anxiety')],
        }
      : noPreferences,
  };
}

function setup(profile: ProviderProfile, answer: [number, unknown]) {
  const api = mockApi({
    'GET /api/region/country': [
      200,
      [
        {
          identifier: NIGERIA,
          code: 'NG',
          name: 'Nigeria',
          currencyCode: 'NGN',
          timezones: ['Africa/Lagos'],
          operating: true,
        },
      ],
    ],
    [`GET /api/region/country/${NIGERIA}/states`]: [200, [{ identifier: LAGOS, code: 'LA', name: 'Lagos' }]],
    'POST /api/provider/setup': answer,
  });
  const onSaved = vi.fn();
  renderWithProviders(<ProviderSetupForm profile={profile} lists={lists} onSaved={onSaved} />);
  return { ...api, onSaved };
}

afterEach(() => vi.unstubAllGlobals());

describe('ProviderSetupForm', () => {
  it('saves the details, says "Data saved successfully" and hands on the saved profile', async () => {
    const saved = providerProfile({ zipCode: '10002' });
    const { calls, onSaved } = setup(providerProfile(), [200, saved]);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Data saved successfully')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/provider/setup',
        body: {
          countryIdentifier: NIGERIA,
          stateIdentifier: LAGOS,
          title: 'Dr',
          gender: 'female',
          officeAddress: '12 Marina Road',
          zipCode: '10001',
          therapyIdentifiers: [CBT],
          modalityIdentifiers: [VIDEO],
          specialityIdentifiers: [ANXIETY],
        },
      },
    ]);
  });

  it("puts the server's field errors on their fields", async () => {
    const { onSaved } = setup(providerProfile(), [
      400,
      { code: 'VALIDATION_FAILED', message: 'Check the form', fieldErrors: { zipCode: ['Unknown zip code'] } },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Unknown zip code')).toBeInTheDocument();
    expect(screen.getByLabelText('Zip code')).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('asks for the required fields before sending anything; required lists start at "Select…"', async () => {
    const { calls } = setup(providerProfile({ title: null, gender: null, officeAddress: null, zipCode: null }, false), [
      200,
      {},
    ]);
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveDisplayValue('Select…');
    expect(screen.getByLabelText('Title')).toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Select at least one therapy')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
