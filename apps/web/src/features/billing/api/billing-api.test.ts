import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { billingPeriod, formatPrice, paymentHistoryError } from './billing-api';

describe('billing texts', () => {
  it('shows cents as dollars with the currency, or the spec text without a price', () => {
    expect(formatPrice({ amount: 2500, currency: 'AUD', interval: null })).toBe('$25.00 AUD');
    expect(formatPrice({ amount: 1999, currency: '', interval: null })).toBe('$19.99 AUD');
    expect(formatPrice(null)).toBe('Contact us for pricing');
  });

  it("shows '/interval' for a recurring price, else 'one-time'", () => {
    expect(billingPeriod({ amount: 900, currency: 'AUD', interval: 'month' })).toBe('/month');
    expect(billingPeriod({ amount: 900, currency: 'AUD', interval: null })).toBe('one-time');
    expect(billingPeriod(null)).toBe('one-time');
  });

  it('explains a failed payment history by status (spec section 8)', () => {
    expect(paymentHistoryError(new ApiError(500, {}, ''))).toMatch(/unavailable.*try again later/i);
    expect(paymentHistoryError(new ApiError(404, {}, ''))).toMatch(/not found.*contact support/i);
    for (const s of [401, 403]) expect(paymentHistoryError(new ApiError(s, {}, ''))).toMatch(/log out and log back in/i);
    expect(paymentHistoryError(new ApiError(400, { detail: 'Bad request from server' }, ''))).toBe('Bad request from server');
    expect(paymentHistoryError(new ApiError(418, undefined, ''))).toBe('Failed to load payment history.');
    expect(paymentHistoryError(new TypeError('fetch failed'))).toBe('Failed to load payment history.');
  });
});
