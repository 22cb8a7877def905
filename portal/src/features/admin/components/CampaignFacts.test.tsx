// @vitest-environment jsdom
// The campaign on the admin's order and user pages (decision 232): the buyer's browser wrote these values, so
// markup in them is shown as text and never becomes an element.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Touch } from '@tm/shared/logic/attribution';
import { CampaignText } from './CampaignFacts.tsx';

afterEach(cleanup);

const touch = (over: Partial<Touch>): Touch => ({
  source: 'google',
  medium: 'cpc',
  campaign: 'fex-tx',
  term: null,
  content: null,
  gclid: null,
  gbraid: null,
  wbraid: null,
  fbclid: null,
  referrer: null,
  landing: null,
  at: '2026-11-24T20:00:00.000Z',
  ...over,
});

describe('CampaignText', () => {
  it('shows source / medium / campaign, the click id and the first touch when it differs', () => {
    const first = touch({ source: 'facebook', medium: 'paid_social', campaign: 'spring', fbclid: 'IwAR1', at: '2026-11-10T15:00:00.000Z' });
    const last = touch({ gclid: 'TEST123', landing: '/standard-pricing' });
    render(<CampaignText attribution={{ first, last, label: 'google / cpc / fex-tx' }} tz="America/New_York" testId="c" />);
    expect(screen.getByTestId('c').textContent).toBe(
      'google / cpc / fex-tx · gclid TEST123 · landed on /standard-pricing (Nov 24, 2026)First touch: facebook / paid_social / spring · fbclid IwAR1 (Nov 10, 2026)',
    );
  });

  it('shows markup in a value as text, never as an element', () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    render(<CampaignText attribution={{ first: null, last: touch({ campaign: evil }), label: '' }} tz="America/New_York" testId="c" />);
    const shown = screen.getByTestId('c');
    expect(shown.textContent).toContain(evil);
    expect(shown.querySelector('img')).toBeNull();
  });

  it('says (direct) without a touch', () => {
    render(<CampaignText attribution={null} tz="America/New_York" testId="c" />);
    expect(screen.getByTestId('c').textContent).toBe('(direct)');
  });
});
