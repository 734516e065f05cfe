// What other features may use of commerce: the buy buttons and prices of a post's page, the
// refund of a sale, and the seller's payout account.
export { disconnectPayoutAccount, fetchPayoutAccountStatus, resetOnboarding, startOnboarding, type PayoutAccountStatus } from './api.js';
export { BuyButton } from './components/BuyButton.js';
export { PayPalButton, PayPalReturn } from './components/PayPalButton.js';
export { PriceInCurrency } from './components/PriceInCurrency.js';
export { PurchaseResultModal } from './components/PurchaseResultModal.js';
export { RefundButton } from './components/RefundButton.js';
