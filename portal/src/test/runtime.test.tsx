// @vitest-environment jsdom
// The portal's component tests render through React and react-dom, as the portal ships them (decision
// 190): Testing Library drives React's own renderer, and APIs only React has (use(), useActionState,
// useOptimistic) work under it.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createContext, use, useActionState, version } from 'react';
import { version as domVersion } from 'react-dom';
import { createRoot } from 'react-dom/client';

afterEach(cleanup);

const Greeting = createContext('nobody');

function Counter() {
  const name = use(Greeting);
  const [count, add] = useActionState((n: number) => n + 1, 0);
  return (
    <form action={add}>
      <button type="submit">
        {name} clicked {count}
      </button>
    </form>
  );
}

describe('the portal test runtime', () => {
  it('is React 19 and its DOM renderer, not a compatibility layer', () => {
    expect(version).toMatch(/^19\./);
    expect(domVersion).toBe(version);
    expect(typeof createRoot).toBe('function');
  });

  it('renders through React: React-only hooks work under Testing Library', async () => {
    render(
      <Greeting value="Ada">
        <Counter />
      </Greeting>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ada clicked 0' }));
    });
    expect(await screen.findByRole('button', { name: 'Ada clicked 1' })).toBeTruthy();
  });
});
