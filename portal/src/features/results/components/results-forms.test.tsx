// @vitest-environment jsdom
// The two forms of Results on <Form schema> (issue 39 point 1): the premium of a sale and the period. What
// is wrong shows under the field and nothing is sent; a good value is sent as the API takes it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OutcomeItemView } from '@tm/shared/schemas/outcomes';
import { OutcomeCell, PREMIUM_MESSAGE } from './OutcomeCell.tsx';
import { PERIOD_RANGE_MESSAGE, PeriodForm } from './PeriodForm.tsx';
import { renderScreen, stubApi, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item: OutcomeItemView = {
  itemType: 'lead',
  itemId: 9,
  product: 'aged_lead',
  state: 'TX',
  ageDays: 40,
  boughtAt: '2026-11-20T15:00:00.000Z',
  costCents: 300,
  outcome: null,
  premiumCents: null,
  name: 'Pat Lead',
  assigned: false,
  outcomeDate: null,
  source: null,
};

describe('the premium of a sale', () => {
  it('asks for the premium under the field and sends nothing, then sends it in cents', async () => {
    const api = stubApi({ 'PUT /api/outcomes/lead/9': [200, { ok: true }] });
    renderScreen(<OutcomeCell item={item} />, { path: '/dashboard/results' });
    fireEvent.change(screen.getByLabelText('Outcome of Pat Lead'), { target: { value: 'sold' } });
    const premium = screen.getByLabelText('Annual premium for Pat Lead');
    enterValue(premium, 'lots');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PREMIUM_MESSAGE)).toBeTruthy();
    expect(premium.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT', '/api/outcomes/lead/9')).toHaveLength(0);

    enterValue(premium, '$1,500.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/outcomes/lead/9')).toHaveLength(1));
    expect(api.sent('PUT', '/api/outcomes/lead/9')[0]!.body).toMatchObject({ status: 'sold', premiumCents: 150025 });
    await waitFor(() => expect(screen.queryByLabelText('Annual premium for Pat Lead')).toBeNull());
  });

  it("shows the API's refusal of a premium on the cell", async () => {
    stubApi({ 'PUT /api/outcomes/lead/9': [400, { error: 'premiumCents is too large', fields: { premiumCents: 'premiumCents is too large' } }] });
    renderScreen(<OutcomeCell item={item} />, { path: '/dashboard/results' });
    fireEvent.change(screen.getByLabelText('Outcome of Pat Lead'), { target: { value: 'sold' } });
    enterValue(screen.getByLabelText('Annual premium for Pat Lead'), '99999999999');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('premiumCents is too large');
  });
});

describe('the period', () => {
  it('says an end before the start under To and keeps the period, then applies a good one', async () => {
    const onApply = vi.fn();
    renderScreen(<PeriodForm period={{ from: '2026-09-01', to: '2026-11-29' }} onApply={onApply} />, { path: '/dashboard/results' });
    enterValue(screen.getByLabelText('To'), '2026-08-01');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(PERIOD_RANGE_MESSAGE)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    enterValue(screen.getByLabelText('To'), '2026-10-01');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]![0]).toEqual({ from: '2026-09-01', to: '2026-10-01' });
  });
});
