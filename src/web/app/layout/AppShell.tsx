import { useEffect } from 'react';
import { Outlet } from 'react-router';

import { ACCOUNT_MESSAGES } from '../../../domain/accounts/rules.js';
import { Modal } from '../../components/ui/Modal.js';
import { ToastRegion } from '../../components/ui/toasts.js';
import { dismissAccessDenied, loadSession, useSession } from '../../features/session/session.js';

import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import { useScrollToTopOnRouteChange } from './use-scroll-to-top.js';

const MAIN_CONTENT_ID = 'main-content';

/** The frame around every page: navigation bar, the page itself, footer. */
export function AppShell() {
  useScrollToTopOnRouteChange();
  const { accessDenied } = useSession();
  useEffect(() => {
    void loadSession();
  }, []);

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
      <ToastRegion />
      <Modal open={accessDenied} title={ACCOUNT_MESSAGES.accessDeniedTitle} tone="danger" onClose={dismissAccessDenied}>
        <p>{ACCOUNT_MESSAGES.accessDenied}</p>
      </Modal>
    </div>
  );
}
