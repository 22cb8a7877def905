// @vitest-environment jsdom
// Admin > Applications > Review on the one form pattern (decision 257): each button sends its own
// decision; Reject without a note is refused before anything is sent, with the API's message; a refusal
// of the note from the server lands under Note, one naming no field at the form's head.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REJECT_NOTE_REQUIRED } from '@tm/shared/schemas/admin-business';
import { ReviewForm } from './InboxesTabs.tsx';
import { renderScreen, stubApi, enterValue, type ApiAnswer } from '../../../test/render.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PUT = 'PUT /api/admin/partner-applications/7/status';
function open(answer: ApiAnswer) {
  const api = stubApi({ [PUT]: answer });
  renderScreen(<ReviewForm id={7} status="approved" note={null} />, { path: '/admin' });
  return { api, form: screen.getByRole('form', { name: 'Review' }) };
}
const click = (form: HTMLElement, name: string) => fireEvent.click(within(form).getByRole('button', { name }));

describe('Application review form', () => {
  it('refuses Reject without a note and sends nothing', async () => {
    const { api, form } = open([200, {}]);
    click(form, 'Reject');
    expect(await within(form).findByText(REJECT_NOTE_REQUIRED)).toBeTruthy();
    expect(within(form).getByLabelText('Note (required to reject)').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT', '/api/admin/partner-applications/7/status')).toHaveLength(0);
  });

  it('sends the decision of the button pressed, with the note', async () => {
    const { api, form } = open([200, {}]);
    enterValue(within(form).getByLabelText('Note (required to reject)'), '  Not licensed  ');
    click(form, 'Reject');
    await waitFor(() => expect(api.sent('PUT', '/api/admin/partner-applications/7/status')).toHaveLength(1));
    click(form, 'Back to New');
    await waitFor(() => expect(api.sent('PUT', '/api/admin/partner-applications/7/status')).toHaveLength(2));
    expect(api.sent('PUT', '/api/admin/partner-applications/7/status').map((c) => c.body)).toEqual([
      { status: 'rejected', note: 'Not licensed' },
      { status: 'new', note: 'Not licensed' },
    ]);
  });

  it("puts the server's refusal of the note under Note, and one naming no field at the head", async () => {
    let answer: [number, unknown] = [400, { error: 'note: Must be at most 1000 characters', fields: { note: 'Must be at most 1000 characters' } }];
    const { form } = open(() => answer);
    click(form, 'Approve');
    expect(await within(form).findByText('Must be at most 1000 characters')).toBeTruthy();
    expect(within(form).getByLabelText('Note (required to reject)').getAttribute('aria-invalid')).toBe('true');
    answer = [409, { error: 'This application changed meanwhile; reload it' }];
    click(form, 'Approve');
    expect((await within(form).findByRole('alert')).textContent).toBe('This application changed meanwhile; reload it');
  });
});
