import { useState, type MouseEvent } from 'react';
import { Link, useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { ACCOUNT_MESSAGES, SOCIAL_NETWORKS, type SocialNetwork } from '@domain/accounts/rules.js';
import { Avatar } from '@/components/ui/Avatar.js';
import { ResourceCard } from '@/features/resources/components/ResourceCard.js';
import { ApiError } from '@/lib/api-client.js';
import { fetchPublicProfile, type ProfilePagination, type PublicProfileAnswer } from '@/features/accounts/api.js';
import { RegisterModal } from '@/features/accounts/components/RegisterModal.js';
import { socialProfileUrl } from '@/features/accounts/social-links.js';
import { signedInOrLoginPrompt, useSession } from '@/lib/session.js';
import { MemberMessageModal } from '@/features/accounts/components/MemberMessageModal.js';
import { MEMBER_MESSAGE_TEXTS } from '@domain/outreach/rules.js';
import { PageHead } from '@/components/ui/PageHead.js';
import { PAGE_DESCRIPTIONS } from '@/lib/page-descriptions.js';

type ProfileLoaderData = { found: true; profile: PublicProfileAnswer } | { found: false };

function pageFrom(request: Request): number {
  const page = Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

export async function publicProfileLoader({ params, request }: LoaderFunctionArgs): Promise<ProfileLoaderData> {
  try {
    return { found: true, profile: await fetchPublicProfile(params.username ?? '', pageFrom(request), request.signal) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { found: false };
    throw error;
  }
}

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedIn: 'LinkedIn',
  website: 'Website',
  twitter: 'Twitter / X',
};
const MEMBER_SINCE_FORMAT = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' });
const RESOURCE_LINK_SELECTOR = 'a[href^="/resources/"]';

/** /users/{username}: who someone is and what they have published (spec section 2, Public profile). */
export function PublicProfilePage() {
  const data = useLoaderData<typeof publicProfileLoader>();
  const { user: viewer, loading: sessionLoading } = useSession();
  const navigation = useNavigation();
  const [registerFor, setRegisterFor] = useState<string | null>(null);
  const [messaging, setMessaging] = useState(false);

  if (!data.found) return <ProfileNotFound />;

  const { user, posts, pagination, isOwner } = data.profile;
  const fullName = [user.info.firstName, user.info.lastName].filter(Boolean).join(' ') || user.info.displayName || user.username;

  // A visitor is asked to log in first.
  async function openMessage() {
    if ((await signedInOrLoginPrompt()) !== null) setMessaging(true);
  }

  // A visitor who follows a template link is asked to join first (spec section 2).
  function interceptTemplateLinks(event: MouseEvent<HTMLElement>) {
    if (viewer !== null) return;
    const link = (event.target as Element).closest(RESOURCE_LINK_SELECTOR);
    if (link === null) return;
    event.preventDefault();
    setRegisterFor(link.getAttribute('href'));
  }

  return (
    <div className="container profile-page">
      {user.erased ? (
        <PageHead title="Deleted account" description={PAGE_DESCRIPTIONS.erasedProfile} />
      ) : (
        <PageHead
          title={`${fullName} (@${user.username})`}
          description={PAGE_DESCRIPTIONS.profile(`${fullName} (@${user.username})`, user.info.bio)}
        />
      )}
      <header className="profile-header">
        <div className="profile-header__avatar">
          <Avatar name={fullName} pictureUrl={user.erased ? null : user.info.thumbnail} />
        </div>
        <ProfileDetails user={user} fullName={fullName} />
        {isOwner ? (
          <Link to="/account" className="button button--secondary profile-header__edit">
            Edit profile
          </Link>
        ) : (
          user.acceptsMessages &&
          viewer?.username !== user.username && (
            // Until the session is known this may be the viewer's own profile: the button keeps its place unseen.
            <button
              type="button"
              className={`button button--secondary${sessionLoading ? ' profile-header__message--until-session' : ''}`}
              onClick={() => void openMessage()}
            >
              {MEMBER_MESSAGE_TEXTS.button}
            </button>
          )
        )}
      </header>
      {messaging && <MemberMessageModal username={user.username} onClose={() => setMessaging(false)} />}

      <section
        className="profile-posts"
        aria-labelledby="profile-posts-heading"
        aria-busy={navigation.state === 'loading'}
        onClickCapture={interceptTemplateLinks}
      >
        <h2 id="profile-posts-heading" className="profile-posts__title">
          Templates
        </h2>
        {posts.length === 0 ? (
          <p className="empty-state">{isOwner ? ACCOUNT_MESSAGES.ownerNoPosts : ACCOUNT_MESSAGES.visitorNoPosts}</p>
        ) : (
          <>
            <ul className="card-grid">
              {posts.map((resource) => (
                <li key={resource._id}>
                  <ResourceCard resource={resource} />
                </li>
              ))}
            </ul>
            <ProfilePager pagination={pagination} />
          </>
        )}
      </section>
      <RegisterModal open={registerFor !== null} onClose={() => setRegisterFor(null)} redirectUrl={registerFor ?? undefined} />
    </div>
  );
}

function ProfileNotFound() {
  return (
    <div className="container profile-page">
      <PageHead title="User not found" description={PAGE_DESCRIPTIONS.profileNotFound} />
      <section className="empty-state profile-page__missing">
        <h1>{ACCOUNT_MESSAGES.userDoesNotExist}</h1>
        <Link to="/" className="button button--primary">
          Back to home
        </Link>
      </section>
    </div>
  );
}

/** Name, work, counts, bio, social links and membership date (an erased account keeps only its counts). */
function ProfileDetails({ user, fullName }: { user: PublicProfileAnswer['user']; fullName: string }) {
  const socialLinks = SOCIAL_NETWORKS.flatMap((network) => {
    const url = socialProfileUrl(network, user.social[network] ?? '');
    return url ? [{ network, url }] : [];
  });
  return (
    <div className="profile-header__details">
      <h1 className="profile-header__name">{user.erased ? ACCOUNT_MESSAGES.erasedProfile : fullName}</h1>
      <p className="profile-header__username muted">@{user.username}</p>
      {!user.erased && (user.info.jobTitle || user.info.companyName || user.info.location) && (
        <p className="profile-header__work">
          {[user.info.jobTitle, user.info.companyName, user.info.location].filter(Boolean).join(' · ')}
        </p>
      )}
      <dl className="profile-stats">
        <div>
          <dt>Templates</dt>
          <dd>{user.livePostsCount}</dd>
        </div>
        <div>
          <dt>Kudos</dt>
          <dd>{user.totalKudos}</dd>
        </div>
      </dl>
      {!user.erased && user.info.bio && <p className="profile-header__bio">{user.info.bio}</p>}
      {!user.erased && socialLinks.length > 0 && (
        <ul className="profile-social" aria-label="Social links">
          {socialLinks.map(({ network, url }) => (
            <li key={network}>
              <a href={url} target="_blank" rel="noopener noreferrer nofollow">
                {SOCIAL_LABELS[network]}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{ACCOUNT_MESSAGES.memberSince(MEMBER_SINCE_FORMAT.format(new Date(user._dateCreated)))}</p>
    </div>
  );
}

/** First, previous, next and last, each disabled when that page does not exist (spec section 4, Pagination). */
function ProfilePager({ pagination }: { pagination: ProfilePagination }) {
  const [, setSearchParams] = useSearchParams();
  const { currentPage, totalPages } = pagination;
  const goTo = (page: number) => {
    setSearchParams(page === 1 ? {} : { page: String(page) }, { preventScrollReset: false });
  };
  const buttons = [
    { label: 'First', page: 1, enabled: currentPage > 1 },
    { label: 'Previous', page: currentPage - 1, enabled: currentPage > 1 },
    { label: 'Next', page: currentPage + 1, enabled: currentPage < totalPages },
    { label: 'Last', page: totalPages, enabled: currentPage < totalPages },
  ];

  return (
    <nav className="pager" aria-label="Pages of templates">
      <p className="pager__showing">{pagination.showing}</p>
      <div className="pager__buttons">
        {buttons.slice(0, 2).map((button) => (
          <button
            key={button.label}
            type="button"
            className="button button--secondary"
            disabled={!button.enabled}
            onClick={() => goTo(button.page)}
          >
            {button.label}
          </button>
        ))}
        <span className="pager__status" aria-current="page">
          {pagination.pageStatus}
        </span>
        {buttons.slice(2).map((button) => (
          <button
            key={button.label}
            type="button"
            className="button button--secondary"
            disabled={!button.enabled}
            onClick={() => goTo(button.page)}
          >
            {button.label}
          </button>
        ))}
      </div>
    </nav>
  );
}
