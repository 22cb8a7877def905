// @vitest-environment jsdom
// The live-transfer order form (Buy Call Transfers), as an agent meets it: each bad field is named with
// the product's words next to the field and announced, nothing is sent until the form is right, and a
// refusal from the server lands on its field with the message only (no field key).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { statesNamedIn } from '@tm/shared/us-states';
import { CallTransfersPanel } from './CallTransfersPanel.tsx';
import { agent, renderScreen, stubApi, type ApiAnswer, enterValue } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Transfer Controls with nothing set (a new agent): the form takes the survey's answers. */
const UNSET_CONTROLS: { workingStates: string[] } & Record<string, unknown> = {
  callsPerDay: null,
  workingStates: [],
  hoursStart: null,
  hoursEnd: null,
  timeZone: 'America/New_York',
  paused: false,
  pausedReason: null,
  pausedAt: null,
  resumeDate: null,
  pausedNow: false,
  callsToday: 0,
};

async function openForm(
  orderAnswer: ApiAnswer = [500, { error: 'not expected' }],
  workingStates = 'TX',
  controls: { workingStates: string[] } = UNSET_CONTROLS,
) {
  const survey = { totalTransfers: 30, transfersPerDay: 3, transferHours: 'Business Hours', phone: '5125550101', workingStates };
  const api = stubApi({ 'GET /api/user-survey': [200, survey], 'GET /api/transfers/settings': [200, controls], 'POST /api/call-transfer-order': orderAnswer });
  renderScreen(<CallTransfersPanel user={agent} />, { path: '/dashboard' });
  fireEvent.click(screen.getByRole('button', { name: 'Order Call Transfers' }));
  await screen.findByRole('heading', { name: 'Order Call Transfers' }, { timeout: 5000 });
  // The form is prefilled from the agent's survey once it arrives; edits come after that.
  await vi.waitFor(() => expect(ticked()).toEqual(controls.workingStates.length ? controls.workingStates : statesNamedIn(workingStates)));
  expect((screen.getByLabelText('Total transfers') as HTMLInputElement).value).toBe('30');
  return api;
}
const set = (label: string, value: string) => enterValue(screen.getByLabelText(label), value);
/** The working states: a group of checkboxes, one per state by name. */
const states = () => screen.getByRole('group', { name: 'Working states' });
const stateBox = (name: string) => within(states()).getByRole('checkbox', { name }) as HTMLInputElement;
const ticked = () =>
  within(states())
    .getAllByRole('checkbox')
    .filter((b) => (b as HTMLInputElement).checked)
    .map((b) => (b as HTMLInputElement).value);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));

describe('a re-order starts from the Transfer Controls (issue 34 item 3)', () => {
  const controls = { ...UNSET_CONTROLS, callsPerDay: 12, workingStates: ['GA', 'OK'], hoursStart: '08:00', hoursEnd: '18:00', timeZone: 'America/Chicago' };

  it('prefills states, hours and cap from the current controls, and says nothing changes', async () => {
    await openForm(undefined, 'TX', controls);
    expect(ticked()).toEqual(['GA', 'OK']);
    expect((screen.getByLabelText('Transfers per day') as HTMLInputElement).value).toBe('12');
    expect((screen.getByLabelText('Transfer hours') as HTMLInputElement).value).toBe('08:00-18:00 CT');
    expect(screen.getByTestId('settings-changes').textContent).toBe('Your Transfer Controls stay as they are.');
  });

  it('lists what paying will change before payment', async () => {
    await openForm(undefined, 'TX', controls);
    set('Transfers per day', '4');
    fireEvent.click(stateBox('Florida'));
    const summary = await screen.findByTestId('settings-changes');
    await vi.waitFor(() => expect(summary.textContent).toContain('Working states: GA, OK → FL, GA, OK'));
    expect(summary.textContent).toContain('Calls per day: 12 → 4');
    expect(summary.textContent).not.toContain('Transfer hours');
  });
});

describe('Buy Call Transfers order form', () => {
  it('names every missing or bad field with the spec words and sends nothing', async () => {
    const api = await openForm();
    set('Total transfers', '');
    set('Transfers per day', '0');
    set('Transfer hours', '  ');
    set('Phone to receive transfers', '555-01');
    fireEvent.click(stateBox('Texas'));
    submit();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Must be at least 1 transfer',
      'Must be at least 1 call per day',
      'Please specify transfer hours',
      'Phone number must be at least 10 digits',
      'Please specify working states',
    ]);
    const total = screen.getByLabelText('Total transfers');
    expect(total.getAttribute('aria-invalid')).toBe('true');
    expect(total.getAttribute('aria-describedby')).toBe('order-totalTransfers-error');
    expect(api.sent('POST', '/api/call-transfer-order')).toHaveLength(0);
  });

  it('refuses part of a transfer instead of rounding it', async () => {
    const api = await openForm();
    set('Total transfers', '2.5');
    set('Transfer hours', '9am-5pm');
    set('Phone to receive transfers', '(512) 555-0101');
    fireEvent.click(stateBox('Florida'));
    submit();
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Must be a whole number of transfers']);
    expect(api.sent('POST', '/api/call-transfer-order')).toHaveLength(0);
  });

  it('sends a complete form and shows a refusal on its field and in the toast without the field key', async () => {
    const api = await openForm([400, { error: 'workingStates: Use US state codes', fields: { workingStates: 'Use US state codes' } }]);
    set('Total transfers', '40');
    set('Transfers per day', '4');
    set('Transfer hours', '9am-5pm');
    set('Phone to receive transfers', '(512) 555-0101');
    fireEvent.click(stateBox('Florida'));
    expect(screen.getByText(/40 transfers × \$35\.00 =/)).toBeTruthy();
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Use US state codes');
    expect((await screen.findByTestId('toast')).textContent).toContain('Use US state codes');
    expect(screen.getByTestId('toast').textContent).not.toContain('workingStates:');
    expect(api.sent('POST', '/api/call-transfer-order').map((c) => c.body)).toEqual([
      { totalTransfers: 40, callsPerDay: 4, transferHours: '9am-5pm', transferPhone: '(512) 555-0101', workingStates: 'FL, TX', leadType: 'Live Transfers' },
    ]);
  });

  it('offers the 50 states and DC by name in a labelled group, ticking the states the survey names', async () => {
    await openForm(undefined, 'TX, OK and Louisiana');
    expect(ticked()).toEqual(['LA', 'OK', 'TX']);
    const boxes = within(states()).getAllByRole('checkbox');
    expect(boxes).toHaveLength(51);
    expect(stateBox('District of Columbia').value).toBe('DC');
    expect(within(states()).queryByRole('checkbox', { name: 'Puerto Rico' })).toBeNull();
  });

  it('sends the states chosen, and Back to Form shows them ticked again', async () => {
    const created = {
      orderId: 9,
      clientSecret: 'pi_9_secret_x',
      paymentIntentId: 'pi_9',
      amount: 105000,
      unitPriceCents: 3500,
      totalPrice: '1050.00',
      testMode: true,
    };
    const api = await openForm([201, created]);
    fireEvent.click(stateBox('Georgia'));
    fireEvent.click(stateBox('Texas'));
    fireEvent.click(stateBox('Alaska'));
    // The survey's "Business Hours" names no start and end, so it cannot become Transfer Controls hours.
    submit();
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Enter your hours as a start and an end, such as 9am-5pm EST']);
    expect(api.sent('POST', '/api/call-transfer-order')).toHaveLength(0);
    set('Transfer hours', '9am-5pm EST');
    submit();
    await screen.findByRole('heading', { name: 'Payment' });
    expect(api.sent('POST', '/api/call-transfer-order').map((c) => (c.body as { workingStates: string }).workingStates)).toEqual(['AK, GA']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Form' }));
    await screen.findByRole('heading', { name: 'Order Call Transfers' }, { timeout: 5000 });
    expect(ticked()).toEqual(['AK', 'GA']);
  });

  it('says it prefilled the form from the onboarding answers only when it did', async () => {
    const PREFILLED = 'We prefilled this from your onboarding answers.';
    await openForm();
    expect(screen.getByText(/Lead type: Live Transfers/).textContent).toContain(PREFILLED);
    cleanup();

    // No survey: the API answers nulls and the account's own phone; the form holds defaults only.
    const none = { totalTransfers: null, transfersPerDay: null, callsPerDay: null, transferHours: null, workingStates: null, phone: agent.phone };
    stubApi({ 'GET /api/user-survey': [200, none] });
    renderScreen(<CallTransfersPanel user={agent} />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Order Call Transfers' }));
    await screen.findByRole('heading', { name: 'Order Call Transfers' }, { timeout: 5000 });
    expect(screen.getByText(/Lead type: Live Transfers/).textContent).toBe('Lead type: Live Transfers.');
    expect(screen.queryByText(new RegExp(PREFILLED))).toBeNull();
    expect((screen.getByLabelText('Total transfers') as HTMLInputElement).value).toBe('25');

    // A survey that names no state nor amount but only a free-text "Multiple States": nothing was prefilled either.
    cleanup();
    stubApi({ 'GET /api/user-survey': [200, { ...none, workingStates: 'Multiple States' }] });
    renderScreen(<CallTransfersPanel user={agent} />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Order Call Transfers' }));
    await screen.findByRole('heading', { name: 'Order Call Transfers' }, { timeout: 5000 });
    expect(screen.queryByText(new RegExp(PREFILLED))).toBeNull();
  });
});
