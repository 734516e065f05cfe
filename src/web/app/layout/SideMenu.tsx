import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';

import { pointsLabel } from '@domain/rewards/constants.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { useModalDialog } from '@/components/ui/Modal.js';
import { CloseIcon, TesseraMark } from '@/components/ui/icons.js';
import { BRAND_NAME } from '@/lib/brand.js';
import { logout, useSession } from '@/lib/session.js';
import { AccountLinkList } from '@/features/accounts/components/account-links.js';
import { TestUserModeSwitch } from '@/features/accounts/components/TestUserModeSwitch.js';
import { useCreateAction } from '@/lib/create-action.js';
import { displayNameOf } from '@/lib/user-facts.js';

const SIDE_MENU_LINKS = [
  { to: '/search', label: 'Search' },
  { to: '/sellers', label: 'Selling' },
  { to: '/apps', label: 'Apps' },
  { to: '/topics', label: 'Topics' },
  { to: '/blogs', label: 'Blogs' },
] as const;
const SIDE_MENU_INFO_LINKS = [
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
] as const;

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
}

/** The side menu: a modal drawer (native <dialog>: focus stays inside, Escape closes it). Any navigation closes it. */
export function SideMenu({ open, onClose }: SideMenuProps) {
  const dialog = useModalDialog(open, onClose);
  const { pathname } = useLocation();
  const { user } = useSession();
  const create = useCreateAction();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    onCloseRef.current();
  }, [pathname]);

  return (
    <dialog {...dialog} className="side-menu" aria-label="Site menu">
      {open && (
        <div className="side-menu__body">
          <div className="side-menu__top">
            <Link to="/" className="brand">
              <TesseraMark className="brand__mark" />
              <span className="brand__name">{BRAND_NAME}</span>
            </Link>
            <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </div>

          <TestUserModeSwitch user={user} />

          {user !== null ? (
            <section className="side-menu__account" aria-label="Your account">
              <Link to={`/users/${encodeURIComponent(user.username)}`} className="side-menu__who">
                <Avatar name={displayNameOf(user)} pictureUrl={user.info.thumbnail} />
                <span>{user.username}</span>
              </Link>
              <p className="side-menu__points">{pointsLabel(user.reward.total)}</p>
              <AccountLinkList user={user} />
            </section>
          ) : (
            <div className="side-menu__auth">
              <Link to="/login" className="button button--ghost">
                Login
              </Link>
              <Link to="/signup" className="button button--primary">
                Join Free
              </Link>
            </div>
          )}

          <nav aria-label="Site">
            <ul className="side-menu__links">
              {SIDE_MENU_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              <li>
                <button type="button" className="side-menu__link-button" onClick={create}>
                  Create Something
                </button>
              </li>
              {SIDE_MENU_INFO_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              {user !== null && (
                <li>
                  <button type="button" className="side-menu__link-button" onClick={() => void logout()}>
                    Logout
                  </button>
                </li>
              )}
            </ul>
          </nav>
        </div>
      )}
    </dialog>
  );
}
