/**
 * Tessera's help content, passage by passage, as the chatbot retrieves and cites it. Each passage
 * quotes the page it names word for word (help-content.test.ts checks the page's source still says
 * it, so an edited page fails the test until its passages follow).
 */
import { BETA_COMMISSION_PERCENT } from '../commerce/commission-rates.js';
import { commissionStatement } from '../commerce/commission.js';
import { REWARD_POINTS } from '../rewards/constants.js';
import { TEMPLATE_LIMITS } from '../templates/rules.js';

export interface HelpPassage {
  id: string;
  /** The page the passage comes from, as the chatbot cites it. */
  page: string;
  path: string;
  /** The heading it sits under on that page. */
  heading: string;
  text: string;
  /** Source file whose text the passage quotes (for the drift test). */
  sourceFile: string;
}

const SELLERS = { page: 'Sell your templates', path: '/sellers', sourceFile: 'src/web/app/routes/sellers.tsx' } as const;
const TERMS = {
  page: 'Terms of Service and Privacy Policy',
  path: '/terms-of-service',
  sourceFile: 'src/web/app/routes/legal.tsx',
} as const;
const COOKIES = { page: 'Cookie and Privacy Policy', path: '/cookie-policy', sourceFile: 'src/web/app/routes/legal.tsx' } as const;
const PAYMENTS_HELP = {
  page: 'How payments and payouts work',
  path: '/help/payments',
  sourceFile: 'src/web/app/routes/help-payments.tsx',
} as const;
const GENERATOR = { page: 'AI Template Generator', path: '/generate', sourceFile: 'src/domain/support/help-content.ts' } as const;
/** README-level help about the product's own features: no page holds these words, so this file is their source. */
const FEATURE_HELP = { sourceFile: 'src/domain/support/help-content.ts' } as const;

/** The commission, as the sellers page and the terms state it at the default percent (commission.ts words it). */
const COMMISSION = {
  sourceFile: 'src/domain/commerce/commission.ts',
  text: commissionStatement(BETA_COMMISSION_PERCENT, 'Tessera'),
} as const;

export const HELP_PASSAGES: readonly HelpPassage[] = [
  // The sellers page's FAQ and sections.
  { id: 'sellers-cost', ...SELLERS, ...COMMISSION, heading: 'What does it cost to sell?' },
  {
    id: 'sellers-paid',
    ...SELLERS,
    heading: 'How do I get paid?',
    text: 'Through a payout account with our card payment provider. Buyers pay you directly; the money goes to your account, minus the provider’s own card fee.',
  },
  {
    id: 'sellers-right-away',
    ...SELLERS,
    heading: 'Can I sell right away?',
    text: 'You can list free templates as soon as your e-mail is verified. Paid listings need an active payout account: connect one on the Payments tab of your account, and you can set prices once the payment provider enables charges on it.',
  },
  {
    id: 'sellers-refunds',
    ...SELLERS,
    heading: 'Who handles refunds?',
    text: 'You and the buyer, first: tell buyers what they get and answer their questions. When a template does not work as described, agree on a refund; our admins make it, for the whole price, and settle it if you cannot agree.',
  },
  {
    id: 'sellers-allowed',
    ...SELLERS,
    heading: 'Which templates are allowed?',
    text: 'Original, working templates. No unlawful, misleading, explicit or scam content, and nothing that collects other people’s private data.',
  },
  {
    id: 'sellers-listing',
    ...SELLERS,
    heading: 'Create your listing',
    text: 'Add a title, screenshots, instructions and the link to your template. Free templates go live after a quick review.',
  },
  {
    id: 'sellers-price',
    ...SELLERS,
    heading: 'Set your price',
    text: 'Choose a price up to $249 once your payout account is active, or share it for free to grow your audience.',
  },
  {
    id: 'sellers-who',
    ...SELLERS,
    heading: 'Who can sell',
    text: 'Anyone with a verified account who is at least 13 years old (payouts may require you to be 18 or have a guardian’s consent).',
  },
  // How payments and payouts work.
  {
    id: 'payments-connect',
    ...PAYMENTS_HELP,
    heading: 'Connecting a payout account',
    text: 'To sell, a verified member connects a payout account on the Payments tab of their account. Connect to Stripe opens the provider’s onboarding, where you enter your details and bank account; the provider then sends you back to the Payments tab, which shows the account’s state.',
  },
  {
    id: 'payments-not-connected',
    ...PAYMENTS_HELP,
    heading: 'Payout account states: Not connected',
    text: 'You have no payout account yet. The Payments tab offers Connect to Stripe. You can list free templates, but not set prices.',
  },
  {
    id: 'payments-pending',
    ...PAYMENTS_HELP,
    heading: 'Payout account states: Pending onboarding',
    text: 'Your payout account is open, but its details are not submitted yet. Complete Stripe Onboarding takes you back to the provider to finish them.',
  },
  {
    id: 'payments-connected',
    ...PAYMENTS_HELP,
    heading: 'Payout account states: Connected',
    text: 'The provider has enabled charges: the tab shows Stripe Connected. You can set prices and buyers can pay you. Disconnect removes the account; your paid posts cannot be bought until you connect again.',
  },
  {
    id: 'payments-restricted',
    ...PAYMENTS_HELP,
    heading: 'Payout account states: Restricted',
    text: 'You submitted your details, but the provider does not let the account take payments yet. Continue Onboarding to give it what it asks for, or Start Fresh to drop this account and open a new one.',
  },
  {
    id: 'payments-price-limits',
    ...PAYMENTS_HELP,
    heading: 'Prices',
    text: `Prices are in US dollars, from $${TEMPLATE_LIMITS.minPaidPrice} to $${TEMPLATE_LIMITS.maxPrice}, in whole cents. A price of 0 makes the template free.`,
  },
  {
    id: 'payments-price-change',
    ...PAYMENTS_HELP,
    heading: 'Prices',
    text: 'You can set a price when you create a post once your payout account is connected. To change the price of a post later, use Request price change on its edit page: an admin decides, and you get an e-mail either way.',
  },
  {
    id: 'payments-currency',
    ...PAYMENTS_HELP,
    heading: 'Prices',
    text: 'Buyers can show prices in another currency; they always pay the price in US dollars.',
  },
  {
    id: 'payments-card',
    ...PAYMENTS_HELP,
    heading: 'How buyers pay',
    text: 'Card checkout: the buyer clicks Buy on the template’s page and pays on the provider’s secure checkout page. Back on the template’s page, it is marked Purchased and its link opens.',
  },
  {
    id: 'payments-paypal',
    ...PAYMENTS_HELP,
    heading: 'How buyers pay',
    text: 'PayPal: the buyer can also click Pay with PayPal, approve the payment on PayPal’s page, and the purchase is completed when they come back. If PayPal declines the funding source, the buyer is asked to approve the payment again.',
  },
  {
    id: 'payments-when-paid',
    ...PAYMENTS_HELP,
    heading: 'When you are paid',
    text: 'A card payment goes to your payout account as soon as the buyer pays, less the provider’s card fee. When the money moves on to your bank depends on the provider’s payout schedule for your account.',
  },
  {
    id: 'payments-refund-who',
    ...PAYMENTS_HELP,
    heading: 'Refunds',
    text: 'Refunds are made by our admins and always give back the whole price, to the buyer’s card or PayPal account. The buyer loses access to the template, the sale no longer counts in your sales, and both of you get an e-mail.',
  },
  {
    id: 'payments-refund-twice',
    ...PAYMENTS_HELP,
    heading: 'Refunds',
    text: 'If a buyer pays twice for the same template, the second payment is refunded automatically.',
  },
  {
    id: 'payments-sales',
    ...PAYMENTS_HELP,
    heading: 'Seeing your sales',
    text: 'The Sales page shows your total earnings, the products you sold, a chart of purchases by day (refunded payments left out) and the list of your payments. Its link is in your account menu once you have a payout account or a sale.',
  },
  // Terms of service and privacy policy.
  {
    id: 'terms-eligibility',
    ...TERMS,
    heading: 'Who may use the service',
    text: 'You must be at least 13 years old to use Tessera. If you are under the age of majority where you live, you need the permission of a parent or guardian, who accepts these terms for you.',
  },
  {
    id: 'terms-rights',
    ...TERMS,
    heading: 'Your content and your rights',
    text: 'You keep all rights to the templates, images, descriptions and comments you post. By posting, you give Tessera a worldwide, non-exclusive, royalty-free licence to host, display, and promote your listings and your username on Tessera and in our marketing, for as long as the content stays on the service.',
  },
  {
    id: 'terms-ai-private-data',
    ...TERMS,
    heading: 'What is not allowed',
    text: 'Entering private or confidential data — yours or anyone else’s — into the AI tools.',
  },
  {
    id: 'terms-moderation',
    ...TERMS,
    heading: 'What is not allowed',
    text: 'We review new and edited listings, may remove listings, hide or moderate comments, and suspend accounts that break these rules. You can report anything that looks wrong from the template’s page.',
  },
  {
    id: 'terms-purchases',
    ...TERMS,
    heading: 'Buying and selling',
    text: 'Purchases are made by card through our payment provider, directly between the buyer and the creator; Tessera is not the seller. Creators set their own prices and must describe honestly what a buyer receives.',
  },
  { id: 'terms-commission', ...TERMS, ...COMMISSION, heading: 'Commission' },
  {
    id: 'terms-refunds',
    ...TERMS,
    heading: 'Refunds',
    text: 'are handled by the seller. If a template does not work as described, contact the seller first. If you cannot reach an agreement, contact us and we will help.',
  },
  {
    id: 'terms-rewards',
    ...TERMS,
    heading: 'Reward points',
    text: 'Reward points recognise activity on Tessera. They have no cash value, cannot be transferred, and may be adjusted if they were earned by breaking these terms.',
  },
  {
    id: 'terms-ending',
    ...TERMS,
    heading: 'Ending your account',
    text: 'You can stop using Tessera at any time and delete your account yourself with Delete account on your account page. We may suspend or close accounts that break these terms.',
  },
  {
    id: 'privacy-use',
    ...TERMS,
    heading: 'How we use it and who we share it with',
    text: 'We use your data to run your account, show your listings, process purchases, send the e-mails you asked for and keep Tessera safe. We do not sell your data.',
  },
  {
    id: 'privacy-rights',
    ...TERMS,
    heading: 'Your choices and rights',
    text: 'You can update your profile and e-mail settings on your account page at any time. To access, correct or delete your personal data, contact us.',
  },
  // Cookie and privacy policy.
  {
    id: 'cookies-browse',
    ...COOKIES,
    heading: 'Information we collect',
    text: 'You do not need to give us your real name or e-mail address to browse Tessera. When you create an account we collect a username and an e-mail address; anything else on your profile is optional.',
  },
  {
    id: 'cookies-kinds',
    ...COOKIES,
    heading: 'Cookies',
    text: 'Essential cookies keep you signed in, remember your cookie choice and protect forms against abuse. The site does not work without them.',
  },
  {
    id: 'cookies-analytics',
    ...COOKIES,
    heading: 'Cookies',
    text: 'Analytics cookies help us understand how the site is used. We set them only if you choose “Accept All”.',
  },
  {
    id: 'cookies-storage',
    ...COOKIES,
    heading: 'Cookies',
    text: 'We also keep a few preferences in your browser’s local storage, such as dismissed banners and guided-tour progress. Your cookie choice is remembered for 150 days.',
  },
  {
    id: 'cookies-choices',
    ...COOKIES,
    heading: 'Your choices',
    text: 'You can choose “Essentials Only” in the cookie bar, clear cookies in your browser at any time, and change your e-mail preferences on your account page.',
  },
  {
    id: 'cookies-children',
    ...COOKIES,
    heading: 'Security and children',
    text: 'Personal details are stored encrypted and access is limited to the people who need it. Tessera is not for children under 13, and we do not knowingly collect their data; if you believe a child has an account, please tell us.',
  },
  // README-level help: how the product's own features work.
  {
    id: 'help-generator',
    ...GENERATOR,
    heading: 'Generating a template',
    text: 'Open Generate a template, choose Google Slides or Google Docs, describe the purpose (at most 300 characters) and, for slides, the audience, the number of slides and a style. Documents ask a few follow-up questions first. The result opens as a .pptx or .docx file that Google Slides and Google Docs can import; Copy makes a copy of your own.',
  },
  {
    id: 'help-generator-offline',
    ...GENERATOR,
    heading: 'Offline mode',
    text: 'Without an AI model configured on the server, the generator builds your template from your brief and answers with a fixed outline, and says so on the page. Powered by GPT shows only when a model wrote the content.',
  },
  {
    id: 'help-create',
    ...FEATURE_HELP,
    page: 'Create a post',
    path: '/create',
    heading: 'Posting a template',
    text: 'Verified members post templates with Create: paste the link to your template, pick its app and type, add a title, a description, instructions, screenshots and tags. New posts are reviewed before they go live.',
  },
  {
    id: 'help-verify',
    ...FEATURE_HELP,
    page: 'Your account',
    path: '/account',
    heading: 'Verifying your e-mail',
    text: 'After signing up we e-mail you a verification code. Verifying your e-mail address lets you create posts; until then the create page asks you to verify.',
  },
  {
    id: 'account-delete',
    page: 'Your account',
    path: '/account',
    sourceFile: 'src/web/app/routes/account.tsx',
    heading: 'Deleting your account',
    text: 'To delete your account, choose Delete account and type DELETE to confirm (with your password, if you have one). Your profile and personal data are erased at once; your templates stay listed without your name.',
  },
  {
    id: 'help-password',
    ...FEATURE_HELP,
    page: 'Forgot password',
    path: '/forgot-password',
    heading: 'Forgotten password',
    text: 'Use Forgot password? on the login page to reset your password: we e-mail you a link to choose a new one. The link is valid for 1 hour and works once.',
  },
  {
    id: 'help-rewards',
    ...FEATURE_HELP,
    page: 'Your account',
    path: '/account',
    heading: 'Earning reward points',
    text: `You earn reward points for taking part: ${REWARD_POINTS.signup} points for joining, ${REWARD_POINTS.verification} for verifying your email address, ${REWARD_POINTS.login} for your first sign-in of each day, ${REWARD_POINTS.click} for each template you open, ${REWARD_POINTS.purchase} for each template you buy and ${REWARD_POINTS.create} when a post of yours goes live, plus a bonus of ${REWARD_POINTS.points_100} when you reach 100 points and ${REWARD_POINTS.points_500} when you reach 500. The Rewards tab of your account shows your total and lists each reward.`,
  },
  {
    id: 'help-save-like',
    ...FEATURE_HELP,
    page: 'Saved posts',
    path: '/saved-posts',
    heading: 'Saving and liking',
    text: 'Sign in to like and save templates. Saved templates are listed on your Saved Posts page; the templates you created and bought have their own pages.',
  },
];

/** The passages with the commission at the configured percent: the chatbot quotes what the pages state. */
export function helpPassagesAt(feePercent: number): readonly HelpPassage[] {
  return HELP_PASSAGES.map((passage) =>
    passage.sourceFile === COMMISSION.sourceFile ? { ...passage, text: commissionStatement(feePercent, 'Tessera') } : passage,
  );
}
