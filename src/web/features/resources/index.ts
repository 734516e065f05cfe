// What other features may use of resources: a post's card.
export { ResourceCard } from './components/ResourceCard.js';
