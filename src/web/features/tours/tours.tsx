import { GuidedTour, type TourStep } from './GuidedTour.js';
import { useTourState } from '@/lib/tour-state.js';

/** The navbar tour's three steps; the Navbar marks its links with these data-tour values. */
export const NAVBAR_TOUR_STEPS: readonly TourStep[] = [
  { target: 'navbar-topics', title: 'Topics', text: 'Browse templates by what they help with: marketing, operations, design and more.' },
  { target: 'navbar-apps', title: 'Apps', text: 'Find templates for the tools you already use, from Notion to Google Sheets.' },
  {
    target: 'navbar-explore',
    title: 'Explore',
    text: 'Search the whole library, filter by price, app and topic, and sort by what is new or popular.',
  },
];

/** The `data-tour` values the home page marks its tags row, get-started checklist and sidebar with. */
export const HOME_TOUR_TARGETS = { tags: 'home-tags', getStarted: 'home-get-started', sidebar: 'home-sidebar' } as const;

/** The home tour's three steps (spec: tags menu, get started, sidebar). */
export const HOME_TOUR_STEPS: readonly TourStep[] = [
  { target: HOME_TOUR_TARGETS.tags, title: 'Popular tags', text: 'Jump straight to templates for a popular keyword.' },
  {
    target: HOME_TOUR_TARGETS.getStarted,
    title: 'Get started',
    text: 'A short checklist to set up your account and earn your first reward points.',
  },
  { target: HOME_TOUR_TARGETS.sidebar, title: 'Quick links', text: 'Trending tools, collections and the top creators of the community.' },
];

export function NavbarTour() {
  return <GuidedTour name="navbarTour" steps={NAVBAR_TOUR_STEPS} />;
}

/** Under 768 px the navbar links sit in the closed side menu, so the navbar tour waits for a wider screen. */
const SMALL_SCREEN_QUERY = '(max-width: 767.98px)';

/** Follows the navbar tour, so two popovers never show at once (on small screens it does not wait for it). */
export function HomeTour() {
  const { navbarTour } = useTourState();
  // Asked only while the navbar tour is on, which it never is on the server.
  const navbarTourCanShow = navbarTour && !window.matchMedia(SMALL_SCREEN_QUERY).matches;
  return <GuidedTour name="homeTour" steps={HOME_TOUR_STEPS} enabled={!navbarTour || !navbarTourCanShow} />;
}
