import { Suspense, useId, type ReactNode } from 'react';
import { Await, Link } from 'react-router';

import { footerResourceTitle } from '../../../domain/catalogue/presentation.js';
import { APPS, TOPICS } from '../../../domain/catalogue/taxonomy.js';
import { TesseraMark } from '../../components/ui/icons.js';
import { BRAND_NAME } from '../../lib/brand.js';
import { appPath, resourcePath, topicPath } from '../../lib/paths.js';
import { useShellData } from './shell-data.js';

const SITE_LINKS = [
  { to: '/login', label: 'Sign In' },
  { to: '/sellers', label: `Sell on ${BRAND_NAME}` },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/blogs', label: 'Blog' },
  { to: '/terms-of-service', label: 'Terms of Use' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
] as const;

export function Footer() {
  const { topRated } = useShellData();

  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__about">
          <Link to="/" className="brand">
            <TesseraMark className="brand__mark" />
            <span className="brand__name">{BRAND_NAME}</span>
          </Link>
          <p>Ready-to-use templates made by a community of makers. Commission-free during beta.</p>
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
          {SITE_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </FooterColumn>
      </div>
      <p className="site-footer__legal container">
        © {new Date().getFullYear()} {BRAND_NAME}
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
