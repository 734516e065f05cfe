/** The default text-input limit, with a counter (browse-search-accounts.md sections 5 and 9). */
export const TEXT_INPUT_MAX = 1000;

/** The account fields' limits (spec section 9 where it sets them). */
export const ACCOUNT_LIMITS = {
  passwordMin: 8,
  /** Not in the spec: bounds the hashing work an anonymous caller can ask for. */
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  /** First and last name: the spec's default text input. */
  nameMax: TEXT_INPUT_MAX,
  shortTextMax: 100,
  bioMax: TEXT_INPUT_MAX,
  socialMax: 200,
  favouriteApps: 5,
} as const;
