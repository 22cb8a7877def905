// @vitest-environment jsdom
// The one form: the schema's messages on submit (nothing sent), and a server refusal on the fields it
// names (a nested key on its field, the rest at the form's head), or at the head when it names none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '@tm/shared/api-client';
import { Field, Form, FormAlert, Input } from './index.ts';

afterEach(cleanup);

const schema = z.object({ name: z.string().trim().min(1, 'Name is required'), url: z.string(), events: z.array(z.string()) });
type Values = z.infer<typeof schema>;

function Probe({ onSubmit }: { onSubmit: (v: Values) => unknown }) {
  return (
    <Form schema={schema} defaultValues={{ name: '', url: '', events: ['a'] }} onSubmit={onSubmit} aria-label="Probe" fallbackError="Could not save.">
      <FormAlert />
      <Field id="name" name="name" label="Name">
        <Input name="name" />
      </Field>
      <Field id="url" name="url" label="URL">
        <Input name="url" />
      </Field>
      <p>events</p>
      <button type="submit">Save</button>
    </Form>
  );
}
const refusal = (body: unknown) => new ApiError(`400: ${JSON.stringify(body)}`, 400, body);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('<Form schema>', () => {
  it("shows the schema's message on its field and does not submit", async () => {
    const onSubmit = vi.fn();
    render(<Probe onSubmit={onSubmit} />);
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts each field the server names under that field, message only, and focuses the first', async () => {
    render(<Probe onSubmit={() => Promise.reject(refusal({ error: 'url: Use https', fields: { url: 'Use https', name: 'Taken' } }))} />);
    type('Name', 'Ada');
    save();
    expect(await screen.findByText('Use https')).toBeTruthy();
    expect(screen.getByText('Taken')).toBeTruthy();
    expect(screen.getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('URL'));
  });

  it("maps a key inside a list of plain values (events.0) onto the list's field, and a key the form lacks to the form's head", async () => {
    const seen: string[] = [];
    function Events() {
      return (
        <Form
          schema={schema}
          defaultValues={{ name: 'A', url: '', events: ['a'] }}
          onSubmit={() => Promise.reject(refusal({ error: 'x', fields: { 'events.0': 'Unknown event', tier: 'No such tier' } }))}
        >
          {(form) => {
            const e = form.formState.errors.events?.message;
            if (e) seen.push(e);
            return (
              <>
                <FormAlert />
                <button type="submit">Save</button>
              </>
            );
          }}
        </Form>
      );
    }
    render(<Events />);
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('No such tier');
    expect(seen).toContain('Unknown event');
  });

  it("shows a refusal naming no field at the form's head, without the field key, and clears it on the next submit", async () => {
    let answer: unknown = refusal({ error: 'Too many tries, wait a minute' });
    render(<Probe onSubmit={() => (answer ? Promise.reject(answer) : undefined)} />);
    type('Name', 'Ada');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many tries, wait a minute');
    answer = null;
    save();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("says the form's own fallback when the request never got an answer", async () => {
    render(<Probe onSubmit={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    type('Name', 'Ada');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not save.');
  });
});
