// @vitest-environment jsdom
// The RingCloud survey as a visitor meets it: the spec's messages on each step (checked with the
// schemas the server parses, loaded on first touch), working states as a choice of the 50 states and
// DC, a count out of range or a fraction refused with its reason. Only the network is stubbed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RINGCLOUD } from '@tm/shared';
import RingCloudSurvey from './RingCloudSurvey.tsx';

/** Schemas and the payment form are imported on demand: allow for a busy machine. */
const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function stubApi() {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, surveyId: 5 }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  // Submitting goes to /ringcloud-checkout; jsdom cannot navigate.
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
  return { fetch, assign };
}

const alerts = async (n: number) => {
  await waitFor(() => expect(screen.getAllByRole('alert').length).toBe(n), SLOW);
  return screen.getAllByRole('alert').map((a) => a.textContent);
};

async function toStep2() {
  const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set('First name', 'Rhea');
  set('Last name', 'Cloud');
  set('Agency name', 'Cloud Nine Agency');
  fireEvent.click(screen.getByLabelText('Agency Owner'));
  set('Phone', '(555) 010-0199');
  set('Email', 'rhea@example.com');
  set('Username', 'rheacloud');
  set('Password', 'cloud-pass-1');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Lead preferences' }, SLOW);
  // Step 2's controls are enabled once it has mounted (HydratedFieldset).
  await waitFor(() => expect((screen.getByRole('button', { name: 'Continue to Checkout' }) as HTMLButtonElement).disabled).toBe(false), SLOW);
}

describe('RingCloudSurvey', () => {
  it("step 1 names every missing field with the spec's words", async () => {
    stubApi();
    render(<RingCloudSurvey />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await alerts(8)).toEqual([
      'First name is required',
      'Last name is required',
      'Agency name is required',
      'Please select your role',
      'Phone number must be at least 10 digits',
      'Invalid email address',
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
    ]);
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    // Fixing a field clears its message (re-checked on change after a submit).
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Rhea' } });
    await waitFor(() => expect(screen.queryByText('First name is required')).toBeNull(), SLOW);
  });

  it('step 2 asks for a lead type and working states, offered as the 50 states and DC', async () => {
    const { fetch } = stubApi();
    render(<RingCloudSurvey />);
    await toStep2();
    const states = screen.getByRole('group', { name: 'Working states' });
    const boxes = within(states).getAllByRole('checkbox');
    expect(boxes).toHaveLength(51);
    expect(within(states).getByLabelText('District of Columbia')).toBeTruthy();
    expect(within(states).queryByLabelText('Puerto Rico')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Checkout' }));
    expect(await alerts(2)).toEqual(['Please select a lead type', 'Please specify your working states']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a count over the maximum shows its cost and the bound; a fraction is refused; the states go as codes', async () => {
    const { fetch, assign } = stubApi();
    render(<RingCloudSurvey />);
    await toStep2();
    fireEvent.click(screen.getByLabelText(/^Live Transfers/));
    fireEvent.click(screen.getByLabelText('Texas'));
    fireEvent.click(screen.getByLabelText('Florida'));
    const total = screen.getByLabelText('Total transfers');
    fireEvent.change(total, { target: { value: '1500' } });
    expect(screen.getByTestId('survey-estimate').textContent).toContain(`Maximum: ${RINGCLOUD.maxCount} transfers`);
    expect(screen.getByTestId('survey-estimate').textContent).toContain('$55,500');

    fireEvent.change(total, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Checkout' }));
    expect(await alerts(1)).toEqual(['Total transfers must be a whole number']);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(total, { target: { value: '12' } });
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0), SLOW);
    expect(screen.getByTestId('survey-estimate').textContent).toContain('$444');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/ringcloud-checkout'), SLOW);
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ leadType: 'Live Transfers', workingStates: 'TX, FL', totalTransfers: 12, role: 'Agency Owner', salesperson: 'RingCloud' });
    expect(body.password).toBe('cloud-pass-1');
  });

  it('the focus goes to the first field in error; after a failed Continue a new lead type asks for its own field at once', async () => {
    stubApi();
    render(<RingCloudSurvey />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await alerts(8);
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    cleanup();

    render(<RingCloudSurvey />);
    await toStep2();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Checkout' }));
    await alerts(2);
    // No element has the lead type's name as id: the first radio of the group gets the focus.
    expect(document.activeElement).toBe(screen.getByLabelText(/^Live Transfers/));
    fireEvent.click(screen.getByLabelText('Texas'));
    fireEvent.click(screen.getByLabelText(/^Live Transfers/));
    expect(await alerts(1)).toEqual(['Total transfers must be at least 1']);
    fireEvent.click(screen.getByLabelText(/^Call-Backs/));
    expect(await alerts(1)).toEqual(['Total call-backs must be at least 1']);
    fireEvent.click(screen.getByLabelText(/^Aged Leads/));
    expect(await alerts(1)).toEqual(['Please select an age range']);
  });

  it('Back and Next keep both steps as they were filled in', async () => {
    stubApi();
    render(<RingCloudSurvey />);
    await toStep2();
    fireEvent.click(screen.getByLabelText(/^Call-Backs/));
    fireEvent.click(screen.getByLabelText('Ohio'));
    fireEvent.change(screen.getByLabelText('Total call-backs'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Your information' }, SLOW);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Rhea');
    expect((screen.getByLabelText('Agency Owner') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('cloud-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Lead preferences' }, SLOW);
    expect((screen.getByLabelText(/^Call-Backs/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Ohio') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Total call-backs') as HTMLInputElement).value).toBe('40');
  });

  it('a refusal from the server (its client loaded on demand) puts the message on its field, back on step 1', async () => {
    const { assign } = stubApi();
    const refusal = { error: 'username: That username is taken', fields: { username: 'That username is taken' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(refusal), { status: 400, headers: { 'Content-Type': 'application/json' } })),
    );
    render(<RingCloudSurvey />);
    await toStep2();
    fireEvent.click(screen.getByLabelText(/^Live Transfers/));
    fireEvent.click(screen.getByLabelText('Texas'));
    fireEvent.change(screen.getByLabelText('Total transfers'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Checkout' }));
    await screen.findByRole('heading', { name: 'Your information' }, SLOW);
    expect(await alerts(1)).toEqual(['That username is taken']);
    expect(assign).not.toHaveBeenCalled();
  });
});
