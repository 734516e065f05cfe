import { Link } from 'react-router';

import { startNewUserTours } from '@/lib/tour-state.js';
import { BRAND_NAME } from '@/lib/brand.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

/** The Getting Started page: a heading and a subtitle (generator-admin-site.md), plus a way to replay the tours. */
export function GetStartedPage() {
  return (
    <div className="container content-page narrow-page">
      <PageHead title="Getting Started" description={PAGE_DESCRIPTIONS.getStarted} />
      <h1>Getting Started</h1>
      <p className="page-subtitle">Find a template that fits, make it yours, and share what you build with the {BRAND_NAME} community.</p>
      <div className="button-row">
        <Link to="/" className="button button--primary" onClick={startNewUserTours}>
          Take the tour
        </Link>
        <Link to="/search" className="button button--ghost">
          Browse templates
        </Link>
      </div>
    </div>
  );
}
