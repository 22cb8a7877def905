// @vitest-environment jsdom
// The first-party onboarding survey (/survey) as an agent meets it: react-hook-form with the schema the
// server parses (loaded on first touch), the spec's messages on submit with the focus on the first one,
// the working states sent as codes in the order they were ticked, the server's per-field refusal on its
// field and a visitor nobody names told to log in. Only the network is stubbed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ONBOARDING_HOURS_MESSAGE, ONBOARDING_WHO_MESSAGE } from '@tm/shared/logic/funnel-choices';
import { SURVEY_LINK_EXPIRED } from '@tm/shared/schemas/funnel';
import OnboardingSurvey from './OnboardingSurvey.tsx';

const SLOW = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubApi(answer: () => Response = () => json({ ok: true, settings: 'applied' })) {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const alerts = async (n: number) => {
  await waitFor(() => expect(screen.getAllByRole('alert').length).toBe(n), SLOW);
  return screen.getAllByRole('alert').map((a) => a.textContent);
};

async function ready() {
  render(<OnboardingSurvey />);
  const submit = screen.getByRole('button', { name: 'Submit Survey' }) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false), SLOW);
  return submit;
}

function fill() {
  fireEvent.click(screen.getByLabelText('Texas'));
  fireEvent.click(screen.getByLabelText('Florida'));
  fireEvent.change(screen.getByLabelText('Transfer hours'), { target: { value: '9am-5pm EST' } });
  fireEvent.change(screen.getByLabelText('Calls per day'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Delivery phone'), { target: { value: '(555) 010-0188' } });
  fireEvent.click(screen.getByLabelText('Afternoon (12pm-5pm)'));
}

describe('OnboardingSurvey', () => {
  it('names every missing answer, focuses the working states and sends nothing; a fixed answer loses its message', async () => {
    const fetch = stubApi();
    const submit = await ready();
    fireEvent.click(submit);
    expect(await alerts(5)).toEqual([
      'Please specify your working states',
      ONBOARDING_HOURS_MESSAGE,
      'Calls per day must be at least 1',
      'Phone number must be at least 10 digits',
      'Please choose the best time to reach you',
    ]);
    expect(document.activeElement?.id).toBe('workingStates');
    expect(screen.getByLabelText('Delivery phone').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Any time'));
    await waitFor(() => expect(screen.queryByText('Please choose the best time to reach you')).toBeNull(), SLOW);
  });

  it('sends the answers, the states as codes in the order ticked, and says they are saved', async () => {
    const fetch = stubApi();
    const submit = await ready();
    fill();
    fireEvent.click(submit);
    await screen.findByTestId('onboarding-saved', undefined, SLOW);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/onboarding-survey');
    expect(JSON.parse(String(init.body))).toEqual({
      workingStates: 'TX, FL',
      transferHours: '9am-5pm EST',
      callsPerDay: 3,
      deliveryPhone: '(555) 010-0188',
      bestTimeToReach: 'Afternoon (12pm-5pm)',
    });
  });

  it("puts the server's refusal on its field, and tells a visitor nobody names to log in", async () => {
    let answer = json({ error: 'deliveryPhone: That number cannot take transfers', fields: { deliveryPhone: 'That number cannot take transfers' } }, 400);
    stubApi(() => answer);
    const submit = await ready();
    fill();
    fireEvent.click(submit);
    await waitFor(() => expect(document.getElementById('deliveryPhone-error')?.textContent).toBe('That number cannot take transfers'), SLOW);
    expect(screen.getByLabelText('Delivery phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('onboarding-error').textContent).toContain('That number cannot take transfers');

    answer = json({ error: ONBOARDING_WHO_MESSAGE }, 401);
    fireEvent.change(screen.getByLabelText('Delivery phone'), { target: { value: '(555) 010-0199' } });
    fireEvent.click(submit);
    const error = await screen.findByTestId('onboarding-error', undefined, SLOW);
    expect(error.textContent).toContain(ONBOARDING_WHO_MESSAGE);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it("sends the signed survey link's token from the URL, and an expired link says so and offers the login", async () => {
    window.history.replaceState(null, '', '/survey?token=abc.def');
    try {
      const fetch = stubApi(() => json({ error: SURVEY_LINK_EXPIRED, fields: { token: SURVEY_LINK_EXPIRED } }, 400));
      const submit = await ready();
      fill();
      fireEvent.click(submit);
      const error = await screen.findByTestId('onboarding-error', undefined, SLOW);
      expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({ token: 'abc.def' });
      expect(error.textContent).toContain(SURVEY_LINK_EXPIRED);
      expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
