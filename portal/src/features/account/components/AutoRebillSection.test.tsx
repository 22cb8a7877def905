// @vitest-environment jsdom
// Profile's auto-rebill offer as an agent reads it (issue 34 item 8, decision 246): the top-up's price is the
// agent's own (the negotiated one here, not a public tier's), the buffer that applies is named, the total
// follows the count at that price, and what is saved is a count, never a price or a tier.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AutoRebillView } from '@tm/shared/schemas/auto-rebill';
import { AutoRebillSection } from './AutoRebillSection.tsx';
import { renderScreen, stubApi, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view: AutoRebillView = {
  card: { brand: 'mastercard', last4: '4444' },
  enabled: true,
  threshold: 5,
  count: 10,
  unitPriceCents: 3100,
  priceSource: 'negotiated',
  priceLabel: 'Your negotiated price',
  bufferSeconds: 60,
  amountCents: 31_000,
  actionNeeded: null,
};

describe('AutoRebillSection', () => {
  it("offers the agent's own price, names the buffer, totals the count at that price and saves only the count", async () => {
    const api = stubApi({
      'GET /api/auto-rebill': [200, view],
      'PUT /api/auto-rebill': (body) => [200, { ...view, ...(body as object), amountCents: 12 * 3100 }],
    });
    renderScreen(<AutoRebillSection />, { path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Saved card & auto-rebill' });
    expect((await within(section).findByTestId('saved-card')).textContent).toBe('Mastercard ending in 4444');
    expect(within(section).getByTestId('rebill-price').textContent).toBe(
      'Top-ups are bought at your own price: $31.00 a transfer (Your negotiated price), the price you order at from your dashboard. The 60-second buffer applies: a call of 60 seconds or less is not charged.',
    );
    // No public tier is offered.
    expect(within(section).queryByLabelText('Package')).toBeNull();
    expect(within(section).getByTestId('rebill-total').textContent).toBe('$310.00');
    enterValue(within(section).getByLabelText('Transfers to buy'), '12');
    expect(within(section).getByTestId('rebill-total').textContent).toBe('$372.00');
    fireEvent.click(within(section).getByRole('button', { name: 'Save auto-rebill' }));
    expect(await within(section).findByText('Auto-rebill saved.')).toBeTruthy();
    expect(api.sent('PUT', '/api/auto-rebill').map((c) => c.body)).toEqual([{ enabled: true, threshold: 5, count: 12 }]);
  });

  it('says the agent rate when no price was negotiated', async () => {
    stubApi({ 'GET /api/auto-rebill': [200, { ...view, card: null, unitPriceCents: 3500, priceSource: 'agent-rate', priceLabel: 'Agent rate' }] });
    renderScreen(<AutoRebillSection />, { path: '/profile' });
    expect((await screen.findByTestId('rebill-price')).textContent).toContain('$35.00 a transfer (Agent rate)');
  });
});
