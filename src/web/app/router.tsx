import { redirect, type RouteObject } from 'react-router';

import { PAYMENTS_HELP_PATH } from '@/lib/paths.js';
import { AppShell } from './layout/AppShell.js';
import { loadChunk, serverRendered } from './lazy-route.js';
import { SHELL_ROUTE_ID, shellLoader } from './layout/shell-data.js';
import { RouteErrorPage } from './routes/route-error.js';
import { NOT_FOUND_PATH } from '@/lib/paths.js';

/**
 * Every page, each in a script chunk of its own that loads on first visit (a chunk that fails lands
 * on the error element). Pages with a serverRendered handle are the public ones the server renders (the
 * same for every visitor); the others are drawn by the browser.
 */
export const routes: RouteObject[] = [
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
          {
            index: true,
            handle: serverRendered('home'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/home.js'));
              return { loader: m.homeLoader, Component: m.HomePage };
            },
          },
          {
            path: 'search',
            handle: serverRendered('search'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/search.js'));
              return { loader: m.searchLoader, Component: m.SearchPage };
            },
          },
          {
            path: 'search/tag/:term',
            handle: serverRendered('search'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/search.js'));
              return { loader: m.searchLoader, Component: m.SearchPage };
            },
          },
          {
            path: 'search/query/:term',
            handle: serverRendered('search'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/search.js'));
              return { loader: m.searchLoader, Component: m.SearchPage };
            },
          },
          {
            path: 'search/popular/:term',
            handle: serverRendered('search'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/search.js'));
              return { loader: m.searchLoader, Component: m.SearchPage };
            },
          },
          {
            path: 'topics',
            handle: serverRendered('topics'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/topics.js'));
              return { loader: m.topicsLoader, Component: m.TopicsPage };
            },
          },
          {
            path: 'topics/:topic',
            handle: serverRendered('topics'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/topics.js'));
              return { loader: m.topicLoader, Component: m.TopicPage };
            },
          },
          {
            path: 'apps',
            handle: serverRendered('apps'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/apps.js'));
              return { loader: m.appsLoader, Component: m.AppsPage };
            },
          },
          {
            path: 'apps/:platform',
            handle: serverRendered('apps'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/apps.js'));
              return { loader: m.appLoader, Component: m.AppPage };
            },
          },
          {
            path: 'explore',
            handle: serverRendered('explore'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/explore.js'));
              return { loader: m.exploreLoader, Component: m.ExplorePage };
            },
          },
          {
            path: '/users/:username',
            handle: serverRendered('public-profile'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/public-profile.js'));
              return { loader: m.publicProfileLoader, Component: m.PublicProfilePage };
            },
          },
          {
            path: '/resources/:titleUrl',
            handle: serverRendered('resource-detail'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/resource-detail.js'));
              return { loader: m.resourceDetailLoader, Component: m.ResourceDetailPage };
            },
          },
          {
            path: NOT_FOUND_PATH,
            handle: serverRendered('not-found'),
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/not-found.js'))).NotFoundPage }),
          },
          // Content pages.
          {
            path: '/sellers',
            handle: serverRendered('sellers'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/sellers.js'));
              return { Component: m.SellersPage };
            },
          },
          {
            path: '/getstarted',
            handle: serverRendered('getstarted'),
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/getstarted.js'))).GetStartedPage }),
          },
          {
            path: '/contact-us',
            handle: serverRendered('contact-us'),
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/contact-us.js'))).ContactPage }),
          },
          {
            path: '/blogs',
            handle: serverRendered('blogs'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/blogs.js'));
              return { loader: m.blogsLoader, Component: m.BlogsPage };
            },
          },
          {
            path: '/terms-of-service',
            handle: serverRendered('legal'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/legal.js'));
              return { Component: m.TermsOfServicePage };
            },
          },
          {
            path: '/cookie-policy',
            handle: serverRendered('legal'),
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/legal.js'))).CookiePolicyPage }),
          },
          {
            path: PAYMENTS_HELP_PATH,
            handle: serverRendered('help-payments'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/help-payments.js'));
              return { Component: m.PaymentsHelpPage };
            },
          },
          // Accounts (sign-up, login, password, verification, onboarding, settings). The sign-in and sign-up forms are
          // rendered on the server for signed-out visitors; a signed-in one is sent on once the browser knows the session.
          {
            path: '/login',
            handle: serverRendered('login'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/login.js'));
              return { loader: m.loginLoader, Component: m.LoginPage };
            },
          },
          {
            path: '/signup',
            handle: serverRendered('signup'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/signup.js'));
              return { loader: m.signupLoader, Component: m.SignupPage };
            },
          },
          {
            path: '/register-modal',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/register-modal.js'));
              return { loader: m.registerModalLoader, Component: m.RegisterModalPage };
            },
          },
          {
            path: '/forgot-password',
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/forgot-password.js'))).ForgotPasswordPage }),
          },
          {
            path: '/reset-password-from-token',
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/reset-password.js'))).ResetPasswordPage }),
          },
          {
            path: '/email-verified',
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/email-verified.js'))).EmailVerifiedPage }),
          },
          {
            path: '/onboarding',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/onboarding.js'));
              return { loader: m.onboardingLoader, Component: m.OnboardingPage };
            },
          },
          {
            path: '/account',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/account.js'));
              return { loader: m.accountLoader, Component: m.AccountPage };
            },
          },
          // The viewer's lists.
          {
            path: '/saved-posts',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/saved-posts.js'));
              return { loader: m.savedPostsLoader, Component: m.SavedPostsPage };
            },
          },
          {
            path: '/shared-posts',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/shared-posts.js'));
              return { loader: m.sharedPostsLoader, Component: m.SharedPostsPage };
            },
          },
          // The AI generator: its own chunk, kept out of the home page's bundle.
          {
            path: '/generate',
            handle: serverRendered('generate'),
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/generate.js'));
              return { loader: m.generateLoader, Component: m.GeneratePage };
            },
          },
          {
            path: '/generate/copy/:fileId',
            lazy: async () => ({ Component: (await loadChunk(() => import('./routes/generate.js'))).GeneratedCopyPage }),
          },
          // Buying and selling; charts (chart.js) load with the /sales chunk only.
          {
            path: '/purchased-posts',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/purchased-posts.js'));
              return { loader: m.purchasedPostsLoader, Component: m.PurchasedPostsPage };
            },
          },
          {
            path: '/sales',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/sales.js'));
              return { loader: m.salesLoader, Component: m.SalesPage };
            },
          },
          {
            path: '/success',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/success.js'));
              return { loader: m.successLoader, Component: m.SuccessPage };
            },
          },
          // Create and edit a post (verified creators; authors, admins and owners).
          {
            path: '/create',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/create.js'));
              return { loader: m.createLoader, Component: m.CreatePage };
            },
          },
          {
            path: '/editor/resources/:titleUrl',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/editor.js'));
              return { loader: m.editorLoader, Component: m.EditorPage };
            },
          },
          {
            path: '/admin',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/admin.js'));
              return { loader: m.adminLoader, Component: m.AdminPage };
            },
          },
          // Like, save and flag: the buttons' fetchers post to this action. It has no page: a visit goes to the not-found page.
          {
            path: '/engagement/:resourceId/:toggle',
            lazy: async () => {
              const m = await loadChunk(() => import('./routes/engagement.js'));
              return { action: m.engagementAction, loader: m.engagementLoader };
            },
          },
          // Its loader moves to the not-found page before it is drawn. The null element says it draws
          // nothing: without one, react-router warns about an empty leaf on every unknown address.
          { path: '*', loader: () => redirect(NOT_FOUND_PATH), element: null },
        ],
      },
    ],
  },
];

/** Loaders answer at once (their lists stream in through <Await>), so there is nothing to show before the first render. */
function NothingBeforeFirstRender() {
  return null;
}
