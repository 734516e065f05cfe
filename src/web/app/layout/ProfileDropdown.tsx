import { useId } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { pointsLabel } from '@domain/rewards/constants.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { logout } from '@/lib/session.js';
import { AccountLinkList } from '@/features/accounts/components/account-links.js';
import { RewardHistory } from '@/features/rewards/RewardsWidget.js';
import { useDisclosure } from '@/lib/use-disclosure.js';
import { displayNameOf } from '@/lib/user-facts.js';

/** The avatar button and its menu: e-mail, rewards total and history, account links, Logout. */
export function ProfileDropdown({ user }: { user: CurrentUser }) {
  const menuId = useId();
  const { open, toggle, setOpen, containerRef, triggerRef } = useDisclosure<HTMLDivElement>();
  const name = displayNameOf(user);

  return (
    <div className="profile-dropdown" ref={containerRef}>
      <button
        ref={triggerRef}
        type="button"
        className="profile-dropdown__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        <Avatar name={name} pictureUrl={user.info.thumbnail} />
        <span className="visually-hidden">Account menu for {user.username}</span>
      </button>
      <div id={menuId} className="popover profile-dropdown__menu" hidden={!open}>
        <div className="profile-dropdown__who">
          <strong>{name}</strong>
          {user.email !== null && <span className="muted profile-dropdown__email">{user.email}</span>}
        </div>
        <details className="profile-dropdown__rewards">
          <summary>
            Rewards: <strong>{pointsLabel(user.reward.total)}</strong>
          </summary>
          <RewardHistory history={user.reward.history} />
        </details>
        <AccountLinkList user={user} onNavigate={() => setOpen(false)} />
        <button type="button" className="button button--ghost profile-dropdown__logout" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </div>
  );
}
