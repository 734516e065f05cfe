import { Link } from 'react-router';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { userProfilePath } from '@/lib/paths.js';
import { isAdminUser, postCounts } from '@/lib/user-facts.js';

interface AccountLink {
  to: string;
  label: string;
  count?: number;
}

/** The signed-in user's links, shared by the profile dropdown and the side menu. */
export function accountLinks(user: CurrentUser): AccountLink[] {
  const counts = postCounts(user);
  const links: AccountLink[] = [
    { to: '/account', label: 'Settings' },
    { to: userProfilePath(user.username), label: 'Profile' },
    { to: '/saved-posts', label: 'Saved Posts', count: counts.saved },
    { to: '/shared-posts', label: 'Created Posts', count: counts.created },
    { to: '/purchased-posts', label: 'Purchased Posts', count: counts.purchased },
  ];
  // Sales: for sellers, that is users with a payout account or sales (the spec leaves open which users see it).
  if (user.seller.hasPayoutAccount || user.seller.hasSales) links.push({ to: '/sales', label: 'Sales' });
  if (isAdminUser(user)) links.push({ to: '/admin', label: 'Admin Portal' });
  return links;
}

export function AccountLinkList({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  return (
    <ul className="account-links">
      {accountLinks(user).map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="account-links__link" onClick={onNavigate}>
            <span>{link.label}</span>
            {link.count !== undefined && (
              <span className="count-badge" aria-label={`${link.count} ${link.label.toLowerCase()}`}>
                {link.count}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
