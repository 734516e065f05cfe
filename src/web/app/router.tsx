import { createBrowserRouter, redirect } from 'react-router';

import { AppShell } from './layout/AppShell.js';
import { loadChunk } from './lazy-route.js';
import { SHELL_ROUTE_ID, shellLoader } from './layout/shell-data.js';
import { appLoader, AppPage, appsLoader, AppsPage } from './routes/apps.js';
import { exploreLoader, ExplorePage } from './routes/explore.js';
import { accountLoader, AccountPage } from './routes/account.js';
import { EmailVerifiedPage } from './routes/email-verified.js';
import { ForgotPasswordPage } from './routes/forgot-password.js';
import { homeLoader, HomePage } from './routes/home.js';
import { loginLoader, LoginPage } from './routes/login.js';
import { onboardingLoader, OnboardingPage } from './routes/onboarding.js';
import { publicProfileLoader, PublicProfilePage } from './routes/public-profile.js';
import { registerModalLoader, RegisterModalPage } from './routes/register-modal.js';
import { ResetPasswordPage } from './routes/reset-password.js';
import { signupLoader, SignupPage } from './routes/signup.js';
import { NotFoundPage } from './routes/not-found.js';
import { RouteErrorPage } from './routes/route-error.js';
import { searchLoader, SearchPage } from './routes/search.js';
import { topicLoader, TopicPage, topicsLoader, TopicsPage } from './routes/topics.js';

const NOT_FOUND_PATH = '/404';

export const router = createBrowserRouter([
  {
    id: SHELL_ROUTE_ID,
    path: '/',
    loader: shellLoader,
    // The shell's data (the top-rated list) does not depend on the page, so navigating never reloads it.
    shouldRevalidate: () => false,
    HydrateFallback: NothingBeforeFirstRender,
    Component: AppShell,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Keeps the navigation bar and footer around a page that failed.
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, loader: homeLoader, Component: HomePage },
          { path: 'search', loader: searchLoader, Component: SearchPage },
          { path: 'search/tag/:term', loader: searchLoader, Component: SearchPage },
          { path: 'search/query/:term', loader: searchLoader, Component: SearchPage },
          { path: 'search/popular/:term', loader: searchLoader, Component: SearchPage },
          { path: 'topics', loader: topicsLoader, Component: TopicsPage },
          { path: 'topics/:topic', loader: topicLoader, Component: TopicPage },
          { path: 'apps', loader: appsLoader, Component: AppsPage },
          { path: 'apps/:platform', loader: appLoader, Component: AppPage },
          { path: 'explore', loader: exploreLoader, Component: ExplorePage },
          // Accounts (sign-up, login, password, verification, onboarding, settings, public profile).
          { path: '/login', loader: loginLoader, Component: LoginPage },
          { path: '/signup', loader: signupLoader, Component: SignupPage },
          { path: '/register-modal', loader: registerModalLoader, Component: RegisterModalPage },
          { path: '/forgot-password', Component: ForgotPasswordPage },
          { path: '/reset-password-from-token', Component: ResetPasswordPage },
          { path: '/email-verified', Component: EmailVerifiedPage },
          { path: '/onboarding', loader: onboardingLoader, Component: OnboardingPage },
          { path: '/account', loader: accountLoader, Component: AccountPage },
          { path: '/users/:username', loader: publicProfileLoader, Component: PublicProfilePage },
          { path: NOT_FOUND_PATH, Component: NotFoundPage },
          // Content pages load their script on first visit; a chunk that fails lands on the error element.
          { path: '/sellers', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/sellers.js'))).SellersPage }) },
          { path: '/getstarted', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/getstarted.js'))).GetStartedPage }) },
          { path: '/contact-us', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/contact-us.js'))).ContactPage }) },
          // The AI generator: its own chunk, kept out of the home page's bundle.
          { path: '/generate', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/generate.js'))).GeneratePage }) },
          { path: '/generate/copy/:fileId', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/generate.js'))).GeneratedCopyPage }) },
          { path: '/blogs', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/blogs.js'))).BlogsPage }) },
          { path: '/terms-of-service', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/legal.js'))).TermsOfServicePage }) },
          { path: '/cookie-policy', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/legal.js'))).CookiePolicyPage }) },
          {
            path: '/resources/:titleUrl',
            lazy: async () => {
              const { resourceDetailLoader, ResourceDetailPage } = await loadChunk(() => import('./routes/resource-detail.js'));
              return { loader: resourceDetailLoader, Component: ResourceDetailPage };
            },
          },
          {
            path: '/saved-posts',
            lazy: async () => {
              const { savedPostsLoader, SavedPostsPage } = await loadChunk(() => import('./routes/saved-posts.js'));
              return { loader: savedPostsLoader, Component: SavedPostsPage };
            },
          },
          {
            path: '/purchased-posts',
            lazy: async () => {
              const { purchasedPostsLoader, PurchasedPostsPage } = await loadChunk(() => import('./routes/purchased-posts.js'));
              return { loader: purchasedPostsLoader, Component: PurchasedPostsPage };
            },
          },
          // Charts (chart.js) load with this route's chunk only.
          {
            path: '/sales',
            lazy: async () => {
              const { salesLoader, SalesPage } = await loadChunk(() => import('./routes/sales.js'));
              return { loader: salesLoader, Component: SalesPage };
            },
          },
          { path: '/success', lazy: async () => ({ Component: (await loadChunk(() => import('./routes/success.js'))).SuccessPage }) },
          {
            path: '/shared-posts',
            lazy: async () => {
              const { sharedPostsLoader, SharedPostsPage } = await loadChunk(() => import('./routes/shared-posts.js'));
              return { loader: sharedPostsLoader, Component: SharedPostsPage };
            },
          },
          // Create and edit a post (verified creators; authors, admins and owners).
          {
            path: '/create',
            lazy: async () => {
              const module = await loadChunk(() => import('./routes/create.js'));
              return { loader: module.createLoader, Component: module.CreatePage };
            },
          },
          {
            path: '/editor/resources/:titleUrl',
            lazy: async () => {
              const module = await loadChunk(() => import('./routes/editor.js'));
              return { loader: module.editorLoader, Component: module.EditorPage };
            },
          },
          {
            path: '/admin',
            lazy: async () => {
              const route = await loadChunk(() => import('./routes/admin.js'));
              return { loader: route.adminLoader, Component: route.AdminPage };
            },
          },
          { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
        ],
      },
    ],
  },
]);

/** Loaders answer at once (their lists stream in through <Await>), so there is nothing to show before the first render. */
function NothingBeforeFirstRender() {
  return null;
}
