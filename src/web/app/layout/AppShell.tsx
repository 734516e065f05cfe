import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { ACCOUNT_SHELL_MESSAGES } from '@domain/accounts/shell-messages.js';
import { Modal } from '@/components/ui/Modal.js';
import { ToastRegion } from '@/components/ui/toasts.js';
import { dismissAccessDenied, loadSession, useSession } from '@/lib/session.js';
import { AiBanner, SellingBanner, useBannerShown } from './banners.js';
import { CookieConsentBar } from './CookieConsentBar.js';
import { BANNERS } from '@/lib/shell-constants.js';
import { useEngagementModal } from './engagement.js';
import { GlobalModals } from './GlobalModals.js';
import { HomeTour } from '@/features/tours/tours.js';
import { SupportLauncher } from '@/features/support/SupportLauncher.js';

import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import { useScrollToTopOnRouteChange } from './use-scroll-to-top.js';

const MAIN_CONTENT_ID = 'main-content';

/** The frame around every page: banners, navigation bar, the page itself, footer, and the global modals. */
export function AppShell() {
  useScrollToTopOnRouteChange();
  useEngagementModal();
  const { pathname } = useLocation();
  const { accessDenied } = useSession();
  const sellingBannerShown = useBannerShown('selling');
  useEffect(() => {
    void loadSession();
  }, []);

  return (
    <div
      className="app-shell"
      // The selling banner is fixed at the top: everything else moves down by its height while it shows.
      style={{
        paddingTop: sellingBannerShown ? BANNERS.sellingBannerOffsetPx : 0,
        ['--banner-offset' as string]: `${sellingBannerShown ? BANNERS.sellingBannerOffsetPx : 0}px`,
      }}
    >
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <SellingBanner />
      <Navbar />
      <AiBanner />
      <main id={MAIN_CONTENT_ID} className="app-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {pathname === '/' && <HomeTour />}
      <CookieConsentBar />
      <SupportLauncher />
      <GlobalModals />
      <ToastRegion />
      <Modal open={accessDenied} title={ACCOUNT_SHELL_MESSAGES.accessDeniedTitle} tone="danger" onClose={dismissAccessDenied}>
        <p>{ACCOUNT_SHELL_MESSAGES.accessDenied}</p>
      </Modal>
    </div>
  );
}
