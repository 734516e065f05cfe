// What other features may use of accounts: the signed-in member's links.
export { AccountLinkList } from './components/account-links.js';
