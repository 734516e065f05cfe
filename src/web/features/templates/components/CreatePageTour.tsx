import { GuidedTour, type TourStep } from '@/features/tours/index.js';

/** The create page's tour (spec 2.1): runs while the stored tour state has createPageTour set. */
export const CREATE_PAGE_TOUR_STEPS: readonly TourStep[] = [
  {
    target: 'create-url',
    title: 'Start with the link',
    text: 'Paste the direct link to your template, then press Fetch to fill in what we can read from the page.',
  },
  { target: 'create-price', title: 'Free or paid', text: 'Posts are free until you connect a payout account; then you can set a price.' },
  { target: 'create-preview', title: 'Preview', text: 'See your post as its page and as a card in the feed while you type.' },
  { target: 'create-submit', title: 'Create', text: 'Send it in: a moderator reviews new posts before they go live.' },
];

export function CreatePageTour() {
  return <GuidedTour name="createPageTour" steps={CREATE_PAGE_TOUR_STEPS} />;
}
