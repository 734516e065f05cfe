/** The admin portal's 'Simulate New User' toggle (spec: Simulate New User toggle, section 8). */
export const SIMULATE_NEW_USER_MESSAGES = {
  label: 'Simulate New User',
  failed: 'Failed to toggle test user mode',
  /** The welcome modal shown on start (spec: header and two messages). */
  welcomeTitle: 'Welcome, new user!',
  welcome1: 'You now see the site as a new test member, tours included.',
  welcome2: 'Switch Back to Admin returns you to the portal.',
} as const;
