import { describe, it, expect } from 'vitest';
import { panelFromParam, panelHref, PANEL_KEYS, DEFAULT_PANEL } from './panels.ts';

describe('dashboard panels', () => {
  it('has every panel key of the spec', () => {
    for (const key of [
      'buy-aged-leads',
      'buy-call-transfers',
      'insurance-recruiting',
      'facebook-leads',
      'buy-appointments',
      'buy-leads',
      'my-appointments',
      'my-leads',
      'agedLeads',
    ]) {
      expect(PANEL_KEYS).toContain(key);
    }
  });
  it('reads the panel from ?tab= and falls back to the default', () => {
    expect(panelFromParam('my-leads')).toBe('my-leads');
    expect(panelFromParam('agedLeads')).toBe('agedLeads');
    expect(panelFromParam('nope')).toBe(DEFAULT_PANEL);
    expect(panelFromParam(null)).toBe(DEFAULT_PANEL);
    expect(DEFAULT_PANEL).toBe('home');
    expect(panelHref('buy-appointments')).toBe('/dashboard?tab=buy-appointments');
  });
});
