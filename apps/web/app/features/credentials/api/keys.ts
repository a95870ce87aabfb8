/** Query keys of /my-credentials; `credentialKeys.all` refreshes everything after a change. */
export const credentialKeys = {
  all: ['credentials'] as const,
  qualifications: ['credentials', 'qualifications'] as const,
  workHistory: ['credentials', 'work-history'] as const,
  insurance: ['credentials', 'insurance'] as const,
  verification: ['credentials', 'verification'] as const,
};
