/** Resource management's edit and the price-change inbox: limits, timings and texts shared by the API and the web app. */

/** The keyword editor's slots (spec: 3 shown and edited). */
export const ADMIN_KEYWORD_SLOTS = 3;

/** Spec: the first click on Delete shows "Confirm Delete?" for 5 seconds; a second click within them deletes. */
export const DELETE_CONFIRM_WINDOW_MS = 5_000;
export const DELETE_CONFIRM_LABEL = 'Confirm Delete?';

export const PRICE_REQUEST_MESSAGES = {
  approved: 'Price change approved: the author was told by e-mail.',
  declined: 'Price change declined: the author was told by e-mail.',
  none: 'No price change requests are waiting.',
  authorCannotSell:
    'The author has no connected payout account with charges enabled, so nobody could buy this post: it can only be free (price 0).',
} as const;
