import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { MenuIcon, TesseraMark } from '@/components/ui/icons.js';
import { SearchBar } from '@/features/search/components/SearchBar.js';
import { useCreateAction } from '@/lib/create-action.js';
import { ProfileDropdown } from './ProfileDropdown.js';
import { RewardsWidget } from '@/features/rewards/RewardsWidget.js';
import { SideMenu } from './SideMenu.js';
import {
  rememberTestUserSwitch,
  TestUserModeSwitch,
  TestUserSwitchPlace,
  useTestUserSwitchExpected,
} from '@/features/accounts/components/TestUserModeSwitch.js';
import { showsTestUserSwitch } from '@/lib/user-facts.js';
import { NavbarTour } from '@/features/tours/tours.js';
import { useSession } from '@/lib/session.js';
import { BRAND_NAME } from '@/lib/brand.js';

/** The main links; `tour` marks the navbar tour's targets. */
const MAIN_LINKS = [
  { to: '/sellers', label: 'Selling', tour: undefined },
  { to: '/topics', label: 'Topics', tour: 'navbar-topics' },
  { to: '/apps', label: 'Apps', tour: 'navbar-apps' },
  { to: '/search', label: 'Explore', tour: 'navbar-explore' },
] as const;

function isSearchPage(pathname: string): boolean {
  return pathname === '/search' || pathname.startsWith('/search/');
}

export function Navbar() {
  const { pathname } = useLocation();
  const { user, loading } = useSession();
  const create = useCreateAction();
  const [sideMenuOpen, setSideMenuOpen] = useState(false);
  const switchExpected = useTestUserSwitchExpected();
  useEffect(() => {
    if (!loading) rememberTestUserSwitch(showsTestUserSwitch(user));
  }, [loading, user]);

  return (
    <>
      <header className="navbar">
        <div className="navbar__inner container">
          <Link to="/" className="brand">
            <TesseraMark className="brand__mark" />
            <span className="brand__name">{BRAND_NAME}</span>
            <span className="beta-badge">BETA</span>
          </Link>

          <nav aria-label="Main" className="navbar__nav">
            <ul className="navbar__links">
              {MAIN_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="navbar__link" data-tour={link.tour}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          {/* Search slot: hidden on the search pages. */}
          {!isSearchPage(pathname) && <SearchBar />}

          {loading && switchExpected && <TestUserSwitchPlace />}

          {/* Until the session is known, show neither variant rather than flash the wrong one. */}
          {!loading && (
            <div className="navbar__actions">
              {user === null ? (
                <>
                  <Link to="/login" className="button button--ghost">
                    Login
                  </Link>
                  <Link to="/signup" className="button button--primary">
                    Join Free
                  </Link>
                </>
              ) : (
                <>
                  <TestUserModeSwitch user={user} />
                  <button type="button" className="button button--primary" onClick={create}>
                    Create A Post
                  </button>
                  <RewardsWidget total={user.reward.total} history={user.reward.history} />
                  <ProfileDropdown user={user} />
                </>
              )}
            </div>
          )}

          <button
            type="button"
            className={`navbar__menu-toggle icon-button${user === null ? ' navbar__menu-toggle--always' : ''}`}
            aria-haspopup="dialog"
            aria-expanded={sideMenuOpen}
            onClick={() => setSideMenuOpen(true)}
          >
            <MenuIcon />
            <span className="visually-hidden">Menu</span>
          </button>
        </div>
      </header>
      <SideMenu open={sideMenuOpen} onClose={() => setSideMenuOpen(false)} />
      <NavbarTour />
    </>
  );
}
