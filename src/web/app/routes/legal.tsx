import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { commissionStatement } from '@domain/commerce/commission.js';
import { BRAND_NAME } from '@/lib/brand.js';
import { usePlatformFeePercent } from '@/lib/platform-fee.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

/** Minimum age to use the product (spec section 9). */
export const MINIMUM_AGE = 13;
/** When each page's text last changed. */
const TERMS_LAST_UPDATED = 'November 2026';
const COOKIE_POLICY_LAST_UPDATED = 'June 2025';

function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="legal__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Copyright() {
  return (
    <p className="legal__copyright muted">
      © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
    </p>
  );
}

/** Terms of Service and Privacy Policy on one page (generator-admin-site.md: static policy pages). */
export function TermsOfServicePage() {
  const feePercent = usePlatformFeePercent();
  return (
    <div className="container content-page legal">
      <PageHead title="Terms of Service and Privacy Policy" description={PAGE_DESCRIPTIONS.terms} />
      <h1>Terms of Service and Privacy Policy</h1>
      <p className="muted">Last updated: {TERMS_LAST_UPDATED}</p>
      <nav aria-label="On this page" className="legal__toc">
        <a href="#terms">Terms of Service</a> · <a href="#privacy">Privacy Policy</a>
      </nav>

      <TermsOfService feePercent={feePercent} />
      <PrivacyPolicy />
      <Copyright />
    </div>
  );
}

function TermsOfService({ feePercent }: { feePercent: number | null }) {
  return (
    <>
      <h2 id="terms" className="legal__part">
        Terms of Service
      </h2>
      <LegalSection id="terms-agreement" title="1. Agreeing to these terms">
        <p>
          {BRAND_NAME} is a community marketplace where makers share and sell ready-to-use templates. By browsing, creating an account,
          listing or buying a template you agree to these terms. If you do not agree, please do not use {BRAND_NAME}. {BRAND_NAME} is in
          beta: features change often, and we will tell you about changes that matter.
        </p>
      </LegalSection>
      <LegalSection id="terms-eligibility" title="2. Who may use the service">
        <p>
          You must be at least {MINIMUM_AGE} years old to use {BRAND_NAME}. If you are under the age of majority where you live, you need
          the permission of a parent or guardian, who accepts these terms for you. Keep your login details safe; you are responsible for
          what happens under your account.
        </p>
      </LegalSection>
      <LegalSection id="terms-content" title="3. Your content and your rights">
        <p>
          You keep all rights to the templates, images, descriptions and comments you post. By posting, you give {BRAND_NAME} a worldwide,
          non-exclusive, royalty-free licence to host, display, and promote your listings and your username on {BRAND_NAME} and in our
          marketing, for as long as the content stays on the service.
        </p>
        <p>Only post work that you created or have the right to share or sell.</p>
      </LegalSection>
      <LegalSection id="terms-rules" title="4. What is not allowed">
        <ul>
          <li>Unlawful, misleading, sexually explicit, hateful or violent content.</li>
          <li>Scams, malware, or templates that secretly collect or send other people’s data.</li>
          <li>Copying someone else’s template and listing it as your own.</li>
          <li>Entering private or confidential data — yours or anyone else’s — into the AI tools.</li>
          <li>Manipulating kudos, reviews, rewards or search results.</li>
        </ul>
        <p>
          We review new and edited listings, may remove listings, hide or moderate comments, and suspend accounts that break these rules.
          You can report anything that looks wrong from the template’s page.
        </p>
      </LegalSection>
      <LegalSection id="terms-buying" title="5. Buying and selling">
        <p>
          Purchases are made by card through our payment provider, directly between the buyer and the creator; {BRAND_NAME} is not the
          seller. Creators set their own prices and must describe honestly what a buyer receives.
        </p>
        {feePercent !== null && (
          <p>
            <strong>Commission.</strong> {commissionStatement(feePercent, BRAND_NAME)}
          </p>
        )}
        <p>
          <strong>Refunds</strong> are handled by the seller. If a template does not work as described, contact the seller first. If you
          cannot reach an agreement, <Link to="/contact-us">contact us</Link> and we will help.
        </p>
      </LegalSection>
      <LegalSection id="terms-rewards" title="6. Reward points">
        <p>
          Reward points recognise activity on {BRAND_NAME}. They have no cash value, cannot be transferred, and may be adjusted if they were
          earned by breaking these terms.
        </p>
      </LegalSection>
      <LegalSection id="terms-liability" title="7. Disclaimers and liability">
        <p>
          Templates are provided by their creators “as is”. {BRAND_NAME} does not guarantee that a template fits your purpose or that the
          service is always available. To the extent the law allows, {BRAND_NAME} is not liable for indirect losses, lost data or lost
          profits arising from your use of the service or of any template.
        </p>
      </LegalSection>
      <LegalSection id="terms-ending" title="8. Ending your account">
        <p>
          You can stop using {BRAND_NAME} at any time and delete your account yourself with Delete account on your account page. We may
          suspend or close accounts that break these terms.
        </p>
      </LegalSection>
    </>
  );
}

function PrivacyPolicy() {
  return (
    <>
      <h2 id="privacy" className="legal__part">
        Privacy Policy
      </h2>
      <LegalSection id="privacy-collect" title="What we collect">
        <ul>
          <li>Your account details: username, e-mail address and, if you add them, your name, picture, bio and social links.</li>
          <li>Your public actions: templates you post, kudos, saves and comments.</li>
          <li>Device and usage data: browser type, pages visited and searches, used to keep the service working and to improve it.</li>
          <li>What you type into the AI tools, so they can answer you.</li>
          <li>For sellers, payout information held by our payment provider — we never see full card numbers.</li>
        </ul>
      </LegalSection>
      <LegalSection id="privacy-use" title="How we use it and who we share it with">
        <p>
          We use your data to run your account, show your listings, process purchases, send the e-mails you asked for and keep {BRAND_NAME}{' '}
          safe. <strong>We do not sell your data.</strong> We share only what is needed with our payment provider (for purchases and creator
          payouts) and our analytics provider (only with your consent). Personal details are stored encrypted, and deleting your account
          makes them unreadable.
        </p>
      </LegalSection>
      <LegalSection id="privacy-choices" title="Your choices and rights">
        <p>
          You can update your profile and e-mail settings on your account page at any time. To access, correct or delete your personal data,{' '}
          <Link to="/contact-us?reason=privacy">contact us</Link>. Cookies are explained in our{' '}
          <Link to="/cookie-policy">Cookie Policy</Link>.
        </p>
      </LegalSection>
      <LegalSection id="privacy-contact" title="Contact">
        <p>
          Questions about these terms or your privacy? Write to us through the <Link to="/contact-us">contact form</Link>.
        </p>
      </LegalSection>
    </>
  );
}

/** The cookie and privacy policy (sections per generator-admin-site.md). */
export function CookiePolicyPage() {
  return (
    <div className="container content-page legal">
      <PageHead title="Cookie and Privacy Policy" description={PAGE_DESCRIPTIONS.cookies} />
      <h1>Cookie and Privacy Policy</h1>
      <p className="muted">Last updated: {COOKIE_POLICY_LAST_UPDATED}</p>

      <LegalSection id="cookies-information" title="Information we collect">
        <p>
          You do not need to give us your real name or e-mail address to browse {BRAND_NAME}. When you create an account we collect a
          username and an e-mail address; anything else on your profile is optional. As you use the site we record device and usage data
          such as your browser, the pages you visit and the searches you make.
        </p>
      </LegalSection>
      <LegalSection id="cookies-use" title="How we use information">
        <p>
          To keep you signed in, show you relevant templates, process purchases, prevent abuse and understand which features help people. We
          do not sell your data.
        </p>
      </LegalSection>
      <LegalSection id="cookies-cookies" title="Cookies">
        <p>We use two kinds of cookies:</p>
        <ul>
          <li>
            <strong>Essential cookies</strong> keep you signed in, remember your cookie choice and protect forms against abuse. The site
            does not work without them.
          </li>
          <li>
            <strong>Analytics cookies</strong> help us understand how the site is used. We set them only if you choose “Accept All”.
          </li>
        </ul>
        <p>
          We also keep a few preferences in your browser’s local storage, such as dismissed banners and guided-tour progress. Your cookie
          choice is remembered for 150 days.
        </p>
      </LegalSection>
      <LegalSection id="cookies-third-parties" title="Third parties">
        <p>
          We use a third-party payment provider for purchases and creator payouts, and an analytics provider. They process data under their
          own privacy policies and only for these purposes.
        </p>
      </LegalSection>
      <LegalSection id="cookies-choices" title="Your choices">
        <p>
          You can choose “Essentials Only” in the cookie bar, clear cookies in your browser at any time, and change your e-mail preferences
          on your account page. To see, correct or delete your data, <Link to="/contact-us?reason=privacy">contact us</Link>.
        </p>
      </LegalSection>
      <LegalSection id="cookies-security" title="Security and children">
        <p>
          Personal details are stored encrypted and access is limited to the people who need it. {BRAND_NAME} is not for children under{' '}
          {MINIMUM_AGE}, and we do not knowingly collect their data; if you believe a child has an account, please tell us.
        </p>
      </LegalSection>
      <LegalSection id="cookies-changes" title="Changes to this policy">
        <p>We will post any changes on this page and update the date above. Significant changes will also be announced on the site.</p>
      </LegalSection>
      <LegalSection id="cookies-contact" title="Contact">
        <p>
          Questions? Reach us through our <Link to="/contact-us">contact page</Link>.
        </p>
      </LegalSection>
      <Copyright />
    </div>
  );
}
