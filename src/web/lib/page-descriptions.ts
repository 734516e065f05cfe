/**
 * Each public page's description: what search results and link previews show under its title. Every
 * page says what it holds in words of its own, so no two pages share a snippet.
 */
export const PAGE_DESCRIPTIONS = {
  home: 'Tessera is a community marketplace of ready-to-use templates and tools for the apps you already use.',
  search: 'Search Tessera’s community templates by app, topic, price and popularity.',
  searchFor: (term: string) => `Community templates for “${term}” on Tessera: ready to copy into the apps you already use.`,
  topics: 'Browse Tessera’s templates by topic, from marketing and operations to design and personal life.',
  topic: (label: string) => `${label} templates made by the Tessera community, ready to copy and adapt.`,
  apps: 'Browse Tessera’s templates by the app they are made for: Notion, Google Sheets, Zapier and more.',
  app: (label: string) => `Ready-to-use ${label} templates made by the Tessera community.`,
  explore: 'Explore Tessera’s newest and most popular community templates.',
  /** The member's own bio when they wrote one, cut at a snippet's length. */
  profile: (name: string, bio: string | undefined) =>
    bio ? `${name} on Tessera: ${bio.length > 150 ? `${bio.slice(0, 149)}…` : bio}` : `Templates published by ${name} on Tessera.`,
  erasedProfile: 'An erased Tessera account: its published templates stay.',
  profileNotFound: 'No Tessera member has this username.',
  sellers: 'Sell your templates on Tessera: how publishing, pricing and payouts work for creators.',
  getStarted: 'Get started with Tessera: find a template, copy it into your app, and share your own.',
  contactUs: 'Contact the Tessera team about your account, a template, a partnership or the press.',
  blogs: 'News, guides and stories from the Tessera community and team.',
  terms: 'The terms of service and privacy policy that govern using Tessera.',
  cookies: 'How Tessera uses cookies and similar storage, and the choices you have.',
  paymentsHelp: 'How payments, refunds and payouts work on Tessera, for buyers and sellers.',
  notFound: 'This Tessera page does not exist: search the templates or go back home.',
  login: 'Sign in to Tessera to like, save, buy and publish templates.',
  signup: 'Join Tessera free to like, save and share templates, and to publish and sell your own.',
  forgotPassword: 'Reset the password of your Tessera account by e-mail.',
  generate: 'Describe what you need and Tessera’s AI generator builds a slide deck or document template for you.',
} as const;
