import { z } from '../shared/zod.js';
import { ACCOUNT_MESSAGES, emailProblem } from '../accounts/rules.js';

/** Texts of the support chatbot and beta-feedback panel (generator-admin-site.md sections 2, 4, 5, 8). */
export const SUPPORT_MESSAGES = {
  nameAndEmailRequired: 'Please provide your name and email.',
  selectOption: 'Please select an option.',
  notUnderstood: "Sorry, I didn't understand your question. Please try again.",
  noResponse: 'Sorry, no response was received.',
  requestFailed: 'Sorry, something went wrong. Try again later.',
  feedbackThanks: 'Thank you! Your feedback was sent to the team.',
  dontKnow:
    'I could not find an answer to that in Tessera’s help pages. Try asking in other words, or choose Issue or Idea to write to the team.',
  offlineIntro: 'Here is what Tessera’s help pages say:',
  /** The panel's answer to a refused message (not in the spec): the conversation is another account's, or full; the panel starts another. */
  conversationClosed:
    'This conversation can’t go on from here (for example, because you signed out). A new conversation has started: please send your question again.',
  conversationFull: 'This conversation is full. A new conversation has started: please send your question again.',
  /** The panel of a member who has signed out meanwhile (in another tab, or their session ended): as a guest, they say who they are. */
  signedOutMeanwhile: 'You are signed out. Please tell us who you are to go on chatting.',
  messageTooLong: 'Please keep your message under 1000 characters.',
  feedbackTooLong: 'Please keep your feedback under 2000 characters.',
} as const;

export const SUPPORT_TEXTS = {
  launcherLabel: 'Help and feedback',
  panelTitle: 'Beta feedback',
  panelIntro: 'Tessera is in beta. Tell us what went wrong, what you would like, or chat with our help bot.',
  chatTitle: 'Tessera help',
  chatGreeting: 'Hi! Ask me about selling, buying, accounts, cookies or the AI generator.',
  registrationIntro: 'Before we chat, please tell us who you are.',
  sourcesLabel: 'Source',
} as const;

/** The feedback panel's options (section 2). 'Chat' opens the chat instead of sending feedback. */
export const BETA_OPTIONS = ['Issue', 'Idea', 'Other', 'Chat'] as const;
export type BetaOption = (typeof BETA_OPTIONS)[number];

export const SUPPORT_LIMITS = { messageMax: 1000, feedbackMax: 2000, nameMax: 80, pageMax: 500 } as const;

const guestName = z.string().trim().max(SUPPORT_LIMITS.nameMax).optional();
const guestEmail = z
  .string()
  .trim()
  .max(254)
  .optional()
  .refine((value) => value === undefined || value === '' || emailProblem(value) === null, ACCOUNT_MESSAGES.emailInvalid);

/** POST /chatbot/chat. Empty messages are ignored by the client; the API refuses them. */
export const chatRequestSchema = z.object({
  message: z.string().trim().min(1, SUPPORT_MESSAGES.notUnderstood).max(SUPPORT_LIMITS.messageMax, SUPPORT_MESSAGES.messageTooLong),
  userName: guestName,
  userEmail: guestEmail,
  /** Groups one conversation's messages for the admins; the client picks it. */
  conversationId: z.uuid().optional(),
});

/** POST /chatbot/feedback with the spec's fields. */
export const feedbackRequestSchema = z.object({
  betaSelection: z.enum(BETA_OPTIONS, SUPPORT_MESSAGES.selectOption),
  betaText: z.string().trim().max(SUPPORT_LIMITS.feedbackMax, SUPPORT_MESSAGES.feedbackTooLong).default(''),
  isLoggedIn: z.boolean().optional(),
  userName: guestName,
  userEmail: guestEmail,
  currentPage: z.string().trim().max(SUPPORT_LIMITS.pageMax).default(''),
  timestamp: z.string().trim().max(40).optional(),
});

/** Guests give both a name and an address before chatting or sending feedback; a mistyped address is named as such. */
export function guestDetailsProblem(name: string | undefined, email: string | undefined): string | null {
  if (!name?.trim() || !email?.trim()) return SUPPORT_MESSAGES.nameAndEmailRequired;
  return emailProblem(email.trim());
}
