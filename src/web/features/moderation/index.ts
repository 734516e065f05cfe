// What other features may use of moderation: a post's history and staff actions, for its owner panel.
export { deleteResourcePermanently, setResourceSponsored } from './admin-api.js';
export { HistoryPanel } from './HistoryPanel.js';
export { TrailPanel } from './TrailPanel.js';
