import type { PayoutStatus as PayoutState } from '@domain/commerce/payout-account.js';
import type { EngagedResourceView } from '@domain/engagement/views.js';
import { apiRequest } from '@/lib/api-client.js';

/** GET /stripe/account-status/{userId} (spec: Payout account status). */
export interface PayoutAccountStatus {
  status: PayoutState;
  details_submitted: boolean;
  charges_enabled: boolean;
  email: string | null;
  provider: string;
}

export function fetchPayoutAccountStatus(userId: string, signal?: AbortSignal): Promise<PayoutAccountStatus> {
  return apiRequest(`/stripe/account-status/${encodeURIComponent(userId)}`, { signal, authFailures: 'silent' });
}

export function startOnboarding(userId: string): Promise<{ accountLinkUrl: string }> {
  return apiRequest('/stripe/account', { method: 'POST', body: { user: userId } });
}

export function disconnectPayoutAccount(userId: string): Promise<unknown> {
  return apiRequest(`/stripe/disconnect/${encodeURIComponent(userId)}`, { method: 'POST', body: { user: userId } });
}

export function resetOnboarding(userId: string): Promise<unknown> {
  return apiRequest(`/stripe/reset-onboarding/${encodeURIComponent(userId)}`, { method: 'POST', body: { user: userId } });
}

/** The server prices the checkout from the post: only its id matters. */
export function createCheckoutSession(resourceId: string): Promise<{ id: string; url: string }> {
  return apiRequest('/create-checkout-session', { method: 'POST', body: { data: { _id: resourceId } } });
}

/**
 * `postRemoved`: the post was removed while the buyer paid; `quoteExpired`: paid after the checkout's
 * price stopped holding, at a price changed since. Either payment is being refunded.
 */
export function confirmPurchase(
  resourceId: string,
  sessionId: string,
): Promise<{ purchased: boolean; postRemoved: boolean; quoteExpired: boolean; redirectUrl: string }> {
  return apiRequest('/update-resource', { method: 'POST', body: { id: resourceId, sessionId } });
}

export function decodeLink(resourceId: string): Promise<{ link: string }> {
  return apiRequest(`/decode-link/${encodeURIComponent(resourceId)}`, { authFailures: 'silent' });
}

export interface PurchasedResource extends EngagedResourceView {
  purchase: { purchaseId: string; revision: number; title: string; price: number; currency: string; date: string };
  /** The version the buyer holds (null for a post without versions), the post's latest, and whether a newer one waits. */
  versionHeld: number | null;
  latestVersion: number;
  updateAvailable: boolean;
}

/** `updated`: how many of them have a newer version than the one held. */
export interface PurchasedAnswer {
  resources: PurchasedResource[];
  total: number;
  updated: number;
}

export function fetchPurchasedResources(signal?: AbortSignal): Promise<PurchasedAnswer> {
  return apiRequest('/users/private/me/purchases', { method: 'PUT', signal });
}

export interface SalesData {
  salesData: { date: string; count: number; title: string; paymentStatus: 'paid' | 'refunded'; amount: number; currency: string }[];
  productsSold: number;
  totalEarnings: number;
  /** The part of `totalEarnings` that Tessera's PayPal account received and owes the seller. */
  owedByPlatform: number;
  revenue: number;
  currency: string;
  productsCreated: number;
  /** `platformFee`: the platform's cut of `amount`, as recorded with the sale. */
  paymentData: {
    id: string;
    amount: number;
    platformFee: number;
    currency: string;
    description: string;
    date: string;
    status: 'paid' | 'refunded';
    /** Whose account took the money: the seller's payout account, or Tessera's (PayPal orders). */
    receivedBy: 'seller' | 'platform';
  }[];
  views: number;
  kudos: number;
  comments: number;
  saves: number;
  hasPayoutAccount: boolean;
}

export function fetchSalesData(signal?: AbortSignal): Promise<SalesData> {
  return apiRequest('/users/sales-data', { signal });
}

export interface ResourcePurchase {
  purchaseId: string;
  buyerId: string;
  buyerUsername: string | null;
  amount: number;
  currency: string;
  date: string;
  refunded: boolean;
}

export function fetchResourcePurchases(resourceId: string, signal?: AbortSignal): Promise<{ purchases: ResourcePurchase[] }> {
  return apiRequest(`/admin/resources/${encodeURIComponent(resourceId)}/purchases`, { signal });
}

export function refundPurchase(resourceId: string, buyerId: string): Promise<{ message: string }> {
  return apiRequest('/refund', { method: 'POST', body: { data: { _id: resourceId }, buyerId } });
}

/** POST /api/orders (spec 7): a PayPal-style order for the post, priced by the server. */
export function createPayPalOrder(resourceId: string): Promise<{ id: string; approveUrl: string }> {
  return apiRequest('/orders', { method: 'POST', body: { cart: [{ id: resourceId, quantity: 1 }] } });
}

export interface PayPalCaptureAnswer {
  purchased: boolean;
  /** PayPal's issue when the capture was refused (INSTRUMENT_DECLINED: approve again at restartUrl). */
  details?: { issue: string }[];
  restartUrl?: string | null;
  redirectUrl: string;
}

/** POST /api/orders/{orderID}/capture (spec 7): reads details[0].issue, or the capture. */
export function capturePayPalOrder(orderId: string): Promise<PayPalCaptureAnswer> {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/capture`, { method: 'POST', body: {} });
}
