/** The admin portal's 'Simulate New User' toggle (spec: Simulate New User toggle, section 8). */
export const SIMULATE_NEW_USER_MESSAGES = {
  label: 'Simulate New User',
  failed: 'Failed to toggle test user mode',
} as const;
