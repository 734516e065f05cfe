import { describe, expect, it } from 'vitest';
import { saleNotificationMail } from './mails.js';

const sale = (provider: string, fee: number) => ({
  title: 'Budget planner',
  price: { amount: 1000, currency: 'USD' as const },
  platformFee: { amount: fee, currency: 'USD' as const },
  pageUrl: 'https://tessera.example/resources/budget-planner',
  purchaseId: 'p1',
  provider,
  providerPaymentId: 'pay_1',
});

describe('saleNotificationMail: where the money went', () => {
  it('a card sale: the seller’s payout account, less the fee', () => {
    expect(saleNotificationMail(sale('stripe', 200), 'Ann').text).toContain(
      'You earn 8.00 USD: the price less the platform fee of 2.00 USD, and less the provider’s card fee.',
    );
  });
  it('a PayPal order: Tessera’s PayPal account took it and owes it to the seller', () => {
    const text = saleNotificationMail(sale('paypal', 200), 'Ann').text;
    expect(text).toContain(
      'The buyer paid with PayPal, into Tessera’s PayPal account, not yours: Tessera owes you 8.00 USD (the price less the platform fee of 2.00 USD).',
    );
    expect(text).not.toContain('payout account');
    expect(saleNotificationMail(sale('paypal', 0), 'Ann').text).toContain('Tessera owes you 10.00 USD (no commission during the beta)');
  });
});
