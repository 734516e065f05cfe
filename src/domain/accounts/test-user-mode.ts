/** The admin portal's 'Simulate New User' toggle (spec: Simulate New User toggle, section 8). */
export const SIMULATE_NEW_USER_MESSAGES = {
  label: 'Simulate New User',
  failed: 'Failed to toggle test user mode',
  /** The welcome modal shown on start (spec: header and two messages). */
  welcomeTitle: 'Welcome, new user!',
  welcome1: 'You are now browsing as a brand-new test member: the guided tours start again, and what you do belongs to the test account, not to yours.',
  welcome2: 'Use Switch Back to Admin to return to the admin portal.',
} as const;
