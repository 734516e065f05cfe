import { Link } from 'react-router';

import { APPS, TOPICS } from '@domain/catalogue/taxonomy.js';
import { BETA_COMMISSION_PERCENT, POST_BETA_COMMISSION_PERCENT } from '@domain/commerce/commission-rates.js';
import { commissionStatement } from '@domain/commerce/commission.js';
import { useCreateAction } from '@/lib/create-action.js';
import { BRAND_NAME } from '@/lib/brand.js';
import { appPath, PAYMENTS_HELP_LINK_LABEL, PAYMENTS_HELP_PATH, topicPath } from '@/lib/paths.js';
import { commissionMention, usePlatformFeePercent } from '@/lib/platform-fee.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

/** The apps the page shows first; every app links to its template list. */
const FEATURED_APPS = ['notion', 'google sheets', 'airtable', 'canva', 'figma', 'zapier', 'trello', 'google slides'];
const FEATURED_TOPICS = ['marketing', 'productivity', 'operations', 'design', 'startup', 'ai', 'human_resources', 'personal'];

/** The end of the hero's lead: what a seller keeps, at the configured commission. */
const HERO_KEEP = {
  beta: `, and keep 100% of your sales while ${BRAND_NAME} is in beta`,
  charged: (perSale: string) => ` (${perSale})`,
  unstated: '',
};

/** Under the hero: payout accounts and paid listings are open now. */
const HERO_NOTE =
  'Paid listings are open: connect a payout account on the Payments tab of your account, and set a price as soon as the payment provider enables it.';

/** The commission panel (spec 1 and 9: 0% now, 6% after it; commission.ts says why "after the beta" rather than a date), at the configured percent. */
function commissionPanel(feePercent: number) {
  const inBeta = feePercent === BETA_COMMISSION_PERCENT;
  return {
    heading: inBeta ? `${feePercent}% commission during the beta` : `${feePercent}% commission`,
    text: commissionStatement(feePercent, BRAND_NAME),
    figure: `${feePercent}%`,
    later: inBeta ? `${POST_BETA_COMMISSION_PERCENT}% after the beta` : null,
  };
}

const HOW_IT_WORKS = [
  {
    title: 'Create your listing',
    text: 'Add a title, screenshots, instructions and the link to your template. Free templates go live after a quick review.',
  },
  {
    title: 'Set your price',
    text: 'Choose a price up to $249 once your payout account is active, or share it for free to grow your audience.',
  },
] as const;
const getPaidStep = (feePercent: number | null) => ({
  title: 'Get paid',
  text: `Buyers pay by card straight to your payout account.${commissionMention(feePercent, {
    beta: ' You keep what you earn — no commission during the beta.',
    charged: () => ` You keep what you earn less the ${feePercent}% commission.`,
    unstated: '',
  })}`,
});

const TESTIMONIALS = [
  {
    quote: 'I listed my client-onboarding board on a Friday and had my first sale before Monday.',
    name: 'Maya R.',
    role: 'Notion consultant',
  },
  {
    quote: 'The community feedback made my budget sheet twice as good. The kudos alone were worth it.',
    name: 'Jonas K.',
    role: 'Spreadsheet maker',
  },
  { quote: 'Finally a place where my Canva kits sit next to the tools my buyers already use.', name: 'Priya S.', role: 'Designer' },
] as const;

const WHO_CAN_SELL = [
  'Anyone with a verified account who is at least 13 years old (payouts may require you to be 18 or have a guardian’s consent).',
  'Makers of templates for any app in our catalogue — from Notion and Airtable to Figma and Zapier.',
  'Work you created yourself, or have the right to sell. Listings are reviewed before they go live.',
] as const;

const FAQ = [
  {
    question: 'How do I get paid?',
    answer:
      'Through a payout account with our card payment provider. Buyers pay you directly; the money goes to your account, minus the provider’s own card fee.',
  },
  {
    question: 'Can I sell right away?',
    answer:
      'You can list free templates as soon as your e-mail is verified. Paid listings need an active payout account: connect one on the Payments tab of your account, and you can set prices once the payment provider enables charges on it.',
  },
  {
    question: 'Who handles refunds?',
    answer:
      'You and the buyer, first: tell buyers what they get and answer their questions. When a template does not work as described, agree on a refund; our admins make it, for the whole price, and settle it if you cannot agree.',
  },
  {
    question: 'Which templates are allowed?',
    answer:
      'Original, working templates. No unlawful, misleading, explicit or scam content, and nothing that collects other people’s private data.',
  },
] as const;

function StartSellingButton({ label = 'Start Selling' }: { label?: string }) {
  const startSelling = useCreateAction();
  return (
    <button type="button" className="button button--primary button--large" onClick={startSelling}>
      {label}
    </button>
  );
}

/** The sellers landing page (posts-payments-rewards.md 2.5). */
export function SellersPage() {
  const feePercent = usePlatformFeePercent();
  const faq =
    feePercent === null ? FAQ : [{ question: 'What does it cost to sell?', answer: commissionStatement(feePercent, BRAND_NAME) }, ...FAQ];

  return (
    <div className="content-page sellers">
      <PageHead title="Sell your templates" description={PAGE_DESCRIPTIONS.sellers} />

      <SellersHero feePercent={feePercent} />
      <PopularCategories />
      <HowItWorks feePercent={feePercent} />
      <SupportedApps />
      {feePercent !== null && <CommissionPanel feePercent={feePercent} />}
      <Testimonials />

      <section className="container content-section" aria-labelledby="sellers-who">
        <h2 id="sellers-who">Who can sell</h2>
        <ul className="check-list">
          {WHO_CAN_SELL.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="container content-section" aria-labelledby="sellers-faq">
        <h2 id="sellers-faq">Frequently asked questions</h2>
        <div className="faq">
          {faq.map((item) => (
            <details key={item.question} className="faq__item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="container content-section">
        <div className="cta-panel">
          <h2>Ready to open your store?</h2>
          <p>It takes five minutes to list your first template.</p>
          <StartSellingButton label="Start Selling Now" />
        </div>
      </section>
    </div>
  );
}

function SellersHero({ feePercent }: { feePercent: number | null }) {
  return (
    <section className="sellers-hero">
      <div className="container sellers-hero__inner">
        <p className="eyebrow">Template stores are now live</p>
        <h1 className="sellers-hero__title">Turn the templates you already use into income</h1>
        <p className="sellers-hero__lead">
          Share your workflows with a community of makers. List for free and set your own price{commissionMention(feePercent, HERO_KEEP)}.
        </p>
        <div className="sellers-hero__actions">
          <StartSellingButton />
          <Link to="/search" className="button button--ghost button--large">
            See what sells
          </Link>
        </div>
        <p className="sellers-hero__note muted">
          {HERO_NOTE} <Link to={PAYMENTS_HELP_PATH}>{PAYMENTS_HELP_LINK_LABEL}</Link>
        </p>
      </div>
    </section>
  );
}

function PopularCategories() {
  const featuredTopics = TOPICS.filter((topic) => FEATURED_TOPICS.includes(topic.name));
  return (
    <section className="container content-section" aria-labelledby="sellers-categories">
      <h2 id="sellers-categories">Popular categories</h2>
      <ul className="chip-grid">
        {featuredTopics.map((topic) => (
          <li key={topic.name}>
            <Link to={topicPath(topic.name)} className="chip-link">
              {topic.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HowItWorks({ feePercent }: { feePercent: number | null }) {
  return (
    <section className="container content-section" aria-labelledby="sellers-how">
      <h2 id="sellers-how">How it works</h2>
      <ol className="steps">
        {[...HOW_IT_WORKS, getPaidStep(feePercent)].map((step, index) => (
          <li key={step.title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function SupportedApps() {
  const featuredApps = APPS.filter((app) => FEATURED_APPS.includes(app.name));
  return (
    <section className="container content-section" aria-labelledby="sellers-apps">
      <h2 id="sellers-apps">Supported apps</h2>
      <p className="muted">Sell templates for the tools people already work in.</p>
      <ul className="chip-grid">
        {featuredApps.map((app) => (
          <li key={app.name}>
            <Link to={appPath(app.name)} className="chip-link">
              {app.label}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/apps" className="chip-link chip-link--more">
            All {APPS.length} apps
          </Link>
        </li>
      </ul>
    </section>
  );
}

function CommissionPanel({ feePercent }: { feePercent: number }) {
  const panel = commissionPanel(feePercent);
  return (
    <section className="container content-section" aria-labelledby="sellers-commission">
      <div className="commission-panel">
        <div>
          <h2 id="sellers-commission">{panel.heading}</h2>
          <p>{panel.text}</p>
        </div>
        <p className="commission-panel__figure" aria-hidden="true">
          {panel.figure}
          {panel.later !== null && <span className="commission-panel__later">{panel.later}</span>}
        </p>
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section className="container content-section" aria-labelledby="sellers-testimonials">
      <h2 id="sellers-testimonials">What makers say</h2>
      <ul className="testimonials">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="testimonial">
              <blockquote>“{testimonial.quote}”</blockquote>
              <figcaption>
                <strong>{testimonial.name}</strong> <span className="muted">— {testimonial.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
