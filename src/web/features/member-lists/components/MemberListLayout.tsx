import type { ReactNode } from 'react';
import { Link, useAsyncError } from 'react-router';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { pointsLabel } from '@domain/rewards/constants.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { userProfilePath } from '@/lib/paths.js';
import { AccountLinkList } from '@/features/accounts/index.js';
import { displayNameOf } from '@/lib/user-facts.js';
import '../member-lists.css';

interface MemberListLayoutProps {
  user: CurrentUser;
  /** The sidebar's second panel, below the user panel. */
  aside: ReactNode;
  children: ReactNode;
}

/**
 * The saved and created posts pages (posts-payments-rewards.md 2.6, 2.7): the list beside a sidebar
 * with a user panel — who, points and the account links with their counts — and a second panel.
 */
export function MemberListLayout({ user, aside, children }: MemberListLayoutProps) {
  return (
    <div className="container member-list-page">
      <div className="member-list-page__main">{children}</div>
      <aside className="member-list-page__sidebar" aria-label="Your account">
        <section className="side-card member-panel">
          <Link to={userProfilePath(user.username)} className="member-panel__who">
            <Avatar name={displayNameOf(user)} pictureUrl={user.info.thumbnail} />
            <span>
              <strong>{displayNameOf(user)}</strong>
              <span className="muted">@{user.username}</span>
            </span>
          </Link>
          <p className="member-panel__points">{pointsLabel(user.reward.total)}</p>
          <AccountLinkList user={user} />
        </section>
        {aside}
      </aside>
    </div>
  );
}

/** A list that could not be loaded: the server's message (apiRequest already sent a 401 to /login). */
export function LoadFailed() {
  const error = useAsyncError();
  return (
    <p className="feed-error" role="alert">
      {error instanceof Error ? error.message : 'The list could not be loaded.'} Please reload the page to try again.
    </p>
  );
}

/** A member list with nothing in it: what it would hold, and the way to find some. */
export function MemberListEmpty({ message, to, action }: { message: string; to: string; action: string }) {
  return (
    <div className="empty-state member-list-empty">
      <p>{message}</p>
      <Link to={to} className="button button--primary">
        {action}
      </Link>
    </div>
  );
}
