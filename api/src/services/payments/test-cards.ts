// Stripe's documented test card numbers and the test PaymentMethod each stands for: test-payment mode
// confirms an intent with the PaymentMethod a typed card number stands for, as Stripe.js would.
/** Stripe's test card numbers and the test PaymentMethod each stands for. */
const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000056655665556': 'pm_card_visa_debit',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '6011111111111117': 'pm_card_discover',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4100000000000019': 'pm_card_chargeDeclinedFraudulent',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'pm_card_chargeDeclinedProcessingError',
  // Saved cards (SetupIntents): needs authentication when charged off-session; saved, but every charge declined.
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
  '4000000000000341': 'pm_card_chargeCustomerFail',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The test PaymentMethod a typed card number stands for, or null when the number is invalid. */
export function testPaymentMethodFor(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return null;
  return TEST_CARDS[digits] ?? 'pm_card_liveCardInTestMode';
}
