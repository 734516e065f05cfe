/** The account fields' limits (spec section 9 where it sets them). */
export const ACCOUNT_LIMITS = {
  passwordMin: 8,
  /** Not in the spec: bounds the hashing work an anonymous caller can ask for. */
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  nameMax: 50,
  shortTextMax: 100,
  /** The default text-input limit (spec section 9). */
  bioMax: 1000,
  socialMax: 200,
  favouriteApps: 5,
} as const;
