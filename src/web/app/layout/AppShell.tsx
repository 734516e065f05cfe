import { Outlet } from 'react-router';

import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import { useScrollToTopOnRouteChange } from './use-scroll-to-top.js';

const MAIN_CONTENT_ID = 'main-content';

/** The frame around every page: navigation bar, the page itself, footer. */
export function AppShell() {
  useScrollToTopOnRouteChange();

  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <Navbar />
      <main id={MAIN_CONTENT_ID} className="app-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
