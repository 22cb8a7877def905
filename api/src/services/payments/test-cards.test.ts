// Test-payment mode's card numbers: Stripe's documented test cards stand for their test PaymentMethods.
import { describe, it, expect } from 'vitest';
import { testPaymentMethodFor } from './test-cards.ts';

describe('testPaymentMethodFor', () => {
  it('maps typed test cards to test payment methods', () => {
    expect(testPaymentMethodFor('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(testPaymentMethodFor('4000-0000-0000-0002')).toBe('pm_card_chargeDeclined');
    expect(testPaymentMethodFor('4000000000009995')).toBe('pm_card_chargeDeclinedInsufficientFunds');
    expect(testPaymentMethodFor('4000 0025 0000 3155')).toBe('pm_card_authenticationRequiredOnSetup');
    expect(testPaymentMethodFor('4000 0000 0000 0341')).toBe('pm_card_chargeCustomerFail');
    expect(testPaymentMethodFor('4242424242424241')).toBeNull();
    expect(testPaymentMethodFor('4111111111111111')).toBe('pm_card_liveCardInTestMode');
  });
});
