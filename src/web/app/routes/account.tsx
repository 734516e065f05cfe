import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { useSelectedTabInView } from '@/components/ui/use-selected-tab-in-view.js';
import {
  ACCOUNT_TAB_LABELS,
  ACCOUNT_TABS,
  accountTabElementId,
  accountTabFromHash,
  accountTabHash,
  type AccountTab,
} from '@domain/accounts/account-tabs.js';
import { ChangePasswordModal } from '@/features/accounts/components/ChangePasswordModal.js';
import { DeleteAccountModal } from '@/features/accounts/components/DeleteAccountModal.js';
import { NotificationsTab } from '@/features/accounts/components/NotificationsTab.js';
import { PaymentsTab } from '@/features/accounts/components/PaymentsTab.js';
import { ProfileTab } from '@/features/accounts/components/ProfileTab.js';
import { RewardsTab } from '@/features/accounts/components/RewardsTab.js';
import { VerificationBlock } from '@/features/accounts/components/VerificationBlock.js';
import { WelcomeModal } from '@/features/accounts/components/WelcomeModal.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { IntegrationsTab } from '@/features/integrations/index.js';
import { hasWelcomeModalFlag } from '@/features/accounts/welcome-flag.js';
import { logout, useSession } from '@/lib/session.js';
import { documentTitle } from '@/lib/brand.js';
import { userProfilePath } from '@/lib/paths.js';

export function accountLoader({ request }: LoaderFunctionArgs) {
  return requireSignedIn(request);
}

/** /account: settings in five tabs chosen by the URL hash (spec section 2). */
export function AccountPage() {
  const loadedUser = useLoaderData<typeof accountLoader>();
  // The session holds the freshest copy (after a save, a picture upload or verification).
  const user = useSession().user ?? loadedUser;
  const { hash } = useLocation();
  const navigate = useNavigate();
  const selectedTab = accountTabFromHash(hash);
  const tabRefs = useRef(new Map<AccountTab, HTMLButtonElement>());
  useSelectedTabInView(tabRefs.current, selectedTab);
  const [welcomeOpen, setWelcomeOpen] = useState(hasWelcomeModalFlag);
  const [changingPassword, setChangingPassword] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const verified = user.verification.status === 'verified';

  function select(tab: AccountTab) {
    void navigate({ hash: accountTabHash(tab) }, { replace: true, preventScrollReset: true });
    tabRefs.current.get(tab)?.focus();
  }

  function moveWithKeys(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const targets: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: ACCOUNT_TABS.length - 1 };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = ACCOUNT_TABS[(target + ACCOUNT_TABS.length) % ACCOUNT_TABS.length];
    if (tab !== undefined) select(tab);
  }

  return (
    <div className="container account-page">
      <title>{documentTitle('Account settings')}</title>
      <AccountHeader user={user} verified={verified} />

      {!verified && <VerificationBlock />}

      <div className="account-tabs">
        <div className="tabs__list" role="tablist" aria-label="Account settings">
          {ACCOUNT_TABS.map((tab, index) => (
            <button
              key={tab}
              ref={(element) => {
                if (element === null) tabRefs.current.delete(tab);
                else tabRefs.current.set(tab, element);
              }}
              type="button"
              role="tab"
              className="tabs__tab"
              id={accountTabElementId(tab)}
              aria-selected={tab === selectedTab}
              aria-controls={`settings-tabs-tabpane-${tab}`}
              tabIndex={tab === selectedTab ? 0 : -1}
              onClick={() => select(tab)}
              onKeyDown={(event) => moveWithKeys(event, index)}
            >
              {ACCOUNT_TAB_LABELS[tab]}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          className="account-tabs__panel"
          id={`settings-tabs-tabpane-${selectedTab}`}
          aria-labelledby={accountTabElementId(selectedTab)}
        >
          {selectedTab === 'profile' && <ProfileTab key={user._id} user={user} />}
          {selectedTab === 'payments' && <PaymentsTab userId={user._id} verified={verified} />}
          {selectedTab === 'notifications' && <NotificationsTab user={user} />}
          {selectedTab === 'rewards' && <RewardsTab userId={user._id} />}
          {selectedTab === 'integrations' && (
            <Suspense fallback={<p className="muted">Loading your integrations…</p>}>
              <IntegrationsTab />
            </Suspense>
          )}
        </div>
      </div>

      <section className="account-security" aria-labelledby="security-heading">
        <h2 id="security-heading" className="account-security__title">
          Sign-in and account
        </h2>
        <p className="muted">
          To delete your account, choose Delete account and type DELETE to confirm (with your password, if you have one). Your profile and
          personal data are erased at once; your templates stay listed without your name.
        </p>
        <div className="account-security__actions">
          {user.hasPassword && (
            <button type="button" className="button button--secondary" onClick={() => setChangingPassword(true)}>
              Change password
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => void logout()}>
            Log out
          </button>
          <button type="button" className="button button--danger-outline" onClick={() => setDeleting(true)}>
            Delete account
          </button>
        </div>
      </section>

      {user.hasPassword && <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />}
      <DeleteAccountModal open={deleting} onClose={() => setDeleting(false)} hasPassword={user.hasPassword} />
      {/* On the first visit after joining (spec 2), verified or not: the verify section waits on the page beneath it. */}
      <WelcomeModal open={welcomeOpen} onClose={() => setWelcomeOpen(false)} initialApps={user.favoriteApps} />
    </div>
  );
}

/** Who this account is, at a glance, with a link to the public profile. */
function AccountHeader({ user, verified }: { user: CurrentUser; verified: boolean }) {
  return (
    <header className="account-header">
      <div className="account-header__identity">
        <Avatar name={user.info.displayName || user.username} pictureUrl={user.info.thumbnail} />
        <div>
          <h1 className="account-header__name">{user.info.displayName || user.username}</h1>
          <p className="muted">
            @{user.username} ·{' '}
            <span className={`status-badge status-badge--${verified ? 'verified' : 'pending'}`}>
              {verified ? 'Verified' : 'Not verified'}
            </span>
          </p>
        </div>
      </div>
      <Link className="button button--secondary" to={userProfilePath(user.username)}>
        {ACCOUNT_MESSAGES.previewProfile}
      </Link>
    </header>
  );
}
