// @vitest-environment jsdom
// The training admin's forms: sign-in and the video form. Every bad field is named with the product's
// words, nothing is sent until the form is right, and empty optional fields are sent as absent (an
// empty sort order as 0).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { VideoForm } from './VideoForm.tsx';
import { TrainingAdminLoginPage } from './TrainingAdminLoginPage.tsx';
import { polyfillDialog, renderScreen, stubApi, enterValue } from '../../../test/render.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const set = (label: string, value: string) => enterValue(screen.getByLabelText(label), value);
const errorOf = (label: string) => screen.getByLabelText(label).closest('.field')?.querySelector('.field-error')?.textContent ?? null;

describe('Training admin sign-in', () => {
  it('asks for a valid e-mail and a password and sends nothing', async () => {
    const api = stubApi({});
    renderScreen(<TrainingAdminLoginPage />, { path: '/training-admin-login' });
    set('Email', 'trainer@');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(errorOf('Email')).toBe('Please enter a valid email address'));
    expect(errorOf('Password')).toBe('Password is required');
    expect(api.calls).toHaveLength(0);
  });

  it('says Login Failed with the server message', async () => {
    const api = stubApi({ 'POST /api/training-admin/login': [401, { error: 'Invalid email or password' }] });
    renderScreen(<TrainingAdminLoginPage />, { path: '/training-admin-login' });
    set('Email', 'trainer@example.com');
    set('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Login Failed');
    expect(toast.textContent).toContain('Invalid email or password');
    expect(api.sent('POST', '/api/training-admin/login').map((c) => c.body)).toEqual([{ email: 'trainer@example.com', password: 'wrong' }]);
  });
});

describe('Video form', () => {
  function openForm() {
    const api = stubApi({ 'POST /api/training-videos': [201, { id: 1 }] });
    const onDone = vi.fn();
    renderScreen(<VideoForm editing={null} onDone={onDone} onAuthLost={() => {}} />, { path: '/training-admin' });
    return { api, onDone, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Upload Video' })) };
  }

  it('names the required fields and sends nothing', async () => {
    const { api, submit } = openForm();
    expect(screen.getByRole('heading', { name: 'Upload New Video' })).toBeTruthy();
    submit();
    await vi.waitFor(() => expect(errorOf('Title')).toBe('Title is required'));
    expect(errorOf('Video URL')).toBe('Please enter a valid video URL');
    expect(errorOf('Section')).toBe('Please select a valid section');
    expect(errorOf('Thumbnail URL (optional)')).toBeNull();
    expect(errorOf('Duration in seconds (optional)')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('checks the optional fields when they are filled', async () => {
    const { api, submit } = openForm();
    set('Title', 'Closing on the first call');
    set('Video URL', 'ftp://videos.example.com/1');
    set('Section', 'Insurance Sales Training');
    set('Thumbnail URL (optional)', 'not a link');
    set('Duration in seconds (optional)', '0');
    set('Sort Order', '-1');
    submit();
    await vi.waitFor(() => expect(errorOf('Video URL')).toBe('Please enter a valid video URL'));
    expect(errorOf('Thumbnail URL (optional)')).toBe('Please enter a valid thumbnail URL');
    expect(errorOf('Duration in seconds (optional)')).toBe('Duration must be at least 1 second');
    expect(errorOf('Sort Order')).toBe('Sort order must be at least 0');
    expect(api.calls).toHaveLength(0);
  });

  it('sends empty optional fields as absent and an empty sort order as 0', async () => {
    const { api, onDone, submit } = openForm();
    set('Title', ' Closing on the first call ');
    set('Video URL', 'https://videos.example.com/1');
    set('Section', 'Insurance Sales Training');
    set('Sort Order', '');
    submit();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sent('POST', '/api/training-videos').map((c) => c.body)).toEqual([
      { title: 'Closing on the first call', videoUrl: 'https://videos.example.com/1', section: 'Insurance Sales Training', sortOrder: 0, isActive: true },
    ]);
    expect((await screen.findByTestId('toast')).textContent).toContain('Video Uploaded');
  });
});
