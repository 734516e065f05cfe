import { Suspense, useId, type ReactNode } from 'react';
import { Await, Link } from 'react-router';

import { footerResourceTitle } from '@domain/catalogue/presentation.js';
import { APPS, TOPICS } from '@domain/catalogue/taxonomy.js';
import { TesseraMark } from '@/components/ui/icons.js';
import { useSession } from '@/lib/session.js';
import { useCreateAction } from '@/lib/create-action.js';
import { NewsletterBox } from './NewsletterBox.js';
import { BRAND_NAME } from '@/lib/brand.js';
import { appPath, resourcePath, topicPath } from '@/lib/paths.js';
import { COMMISSION_SENTENCE, commissionMention, usePlatformFeePercent } from '@/lib/platform-fee.js';
import { useShellData } from './shell-data.js';

const SITE_LINKS = [
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/sellers', label: `Sell on ${BRAND_NAME}` },
  { to: '/blogs', label: 'Blog' },
  { to: '/terms-of-service', label: 'Terms of Use' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
] as const;

/** The product's own accounts; each opens in a new tab. */
const SOCIAL_LINKS = [
  { href: 'https://x.com/tesseratemplates', label: 'X (Twitter)', short: 'X' },
  { href: 'https://www.linkedin.com/company/tesseratemplates', label: 'LinkedIn', short: 'in' },
  { href: 'https://www.instagram.com/tesseratemplates', label: 'Instagram', short: 'IG' },
  { href: 'https://www.youtube.com/@tesseratemplates', label: 'YouTube', short: 'YT' },
] as const;

const ABOUT = 'Ready-to-use templates made by a community of makers.';

/** The sponsoring foundation's credit line (spec: footer). */
const SPONSOR_CREDIT = { text: 'Hosting kindly sponsored by the Open Templates Foundation', href: 'https://opentemplates.org' } as const;

export function Footer() {
  const { topRated } = useShellData();
  const { user } = useSession();
  const create = useCreateAction();
  const commission = commissionMention(usePlatformFeePercent(), COMMISSION_SENTENCE);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__about">
          <Link to="/" className="brand">
            <TesseraMark className="brand__mark" />
            <span className="brand__name">{BRAND_NAME}</span>
          </Link>
          <p>{ABOUT + commission}</p>
          <ul className="social-links" aria-label="Follow us">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="social-links__link" target="_blank" rel="noopener noreferrer">
                  <span aria-hidden="true">{link.short}</span>
                  <span className="visually-hidden">{link.label} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <NewsletterBox />
        </div>

        <FooterColumn title="Topics" wide>
          {TOPICS.map((topic) => (
            <li key={topic.name}>
              <Link to={topicPath(topic.name)}>{topic.label}</Link>
            </li>
          ))}
        </FooterColumn>

        <FooterColumn title="Apps" wide>
          {APPS.map((app) => (
            <li key={app.name}>
              <Link to={appPath(app.name)}>{app.label}</Link>
            </li>
          ))}
        </FooterColumn>

        <Suspense>
          <Await resolve={topRated}>
            {(resources) =>
              resources.length > 0 && (
                <FooterColumn title="Top rated">
                  {resources.map((resource) => (
                    <li key={resource._id}>
                      <Link to={resourcePath(resource.titleUrl)} title={resource.title}>
                        {footerResourceTitle(resource.title)}
                      </Link>
                    </li>
                  ))}
                </FooterColumn>
              )
            }
          </Await>
        </Suspense>

        <FooterColumn title={BRAND_NAME}>
          {user === null && (
            <li>
              <Link to="/login">Sign In</Link>
            </li>
          )}
          <li>
            <button type="button" className="site-footer__link-button" onClick={create}>
              Create Something
            </button>
          </li>
          {SITE_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </FooterColumn>
      </div>
      <p className="site-footer__legal container">
        <span>
          © {new Date().getFullYear()} {BRAND_NAME}
        </span>
        <a href={SPONSOR_CREDIT.href} target="_blank" rel="noopener noreferrer">
          {SPONSOR_CREDIT.text}
        </a>
      </p>
    </footer>
  );
}

interface FooterColumnProps {
  title: string;
  /** Long lists flow into two columns. */
  wide?: boolean;
  children: ReactNode;
}

function FooterColumn({ title, wide = false, children }: FooterColumnProps) {
  const headingId = useId();
  return (
    <section className={wide ? 'site-footer__column site-footer__column--wide' : 'site-footer__column'} aria-labelledby={headingId}>
      <h2 className="site-footer__heading" id={headingId}>
        {title}
      </h2>
      <ul className="site-footer__links">{children}</ul>
    </section>
  );
}
