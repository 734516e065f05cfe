import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { CloseIcon, MenuIcon, TesseraMark } from '../../components/ui/icons.js';
import { SearchBar } from '../../features/search/components/SearchBar.js';
import { BRAND_NAME } from '../../lib/brand.js';

const MAIN_LINKS = [
  { to: '/sellers', label: 'Selling' },
  { to: '/topics', label: 'Topics' },
  { to: '/apps', label: 'Apps' },
  { to: '/search', label: 'Explore' },
] as const;

function isSearchPage(pathname: string): boolean {
  return pathname === '/search' || pathname.startsWith('/search/');
}

export function Navbar() {
  const { pathname } = useLocation();
  const menuId = useId();
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  // The small-screen menu remembers the page it was opened on, so any navigation closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpen = menuOpenedOn === pathname;

  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpenedOn(null);
    menuToggleRef.current?.focus();
  }

  return (
    <header className="navbar" onKeyDown={closeMenuOnEscape}>
      <div className="navbar__inner container">
        <Link to="/" className="brand">
          <TesseraMark className="brand__mark" />
          <span className="brand__name">{BRAND_NAME}</span>
          <span className="beta-badge">BETA</span>
        </Link>

        <button
          ref={menuToggleRef}
          type="button"
          className="navbar__menu-toggle icon-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenedOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">Menu</span>
        </button>

        <div id={menuId} className="navbar__menu" data-open={menuOpen || undefined}>
          <nav aria-label="Main">
            <ul className="navbar__links">
              {MAIN_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="navbar__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>

          {!isSearchPage(pathname) && <SearchBar />}

          <div className="navbar__auth">
            <Link to="/login" className="button button--ghost">
              Login
            </Link>
            <Link to="/signup" className="button button--primary">
              Join Free
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
