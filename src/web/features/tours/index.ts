// What other features may use of tours: a guided tour of their own page.
export { GuidedTour, type TourStep } from './GuidedTour.js';
