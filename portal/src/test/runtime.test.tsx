// @vitest-environment jsdom
// The portal's component tests render through Preact, as the portal ships (vitest.config.ts, decision
// 130): `react` is preact/compat here, and Testing Library's render drives Preact's renderer (a
// component using Preact's own hooks only works under Preact's renderer).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as PreactCompat from 'preact/compat';
import { useState } from 'preact/hooks';

afterEach(cleanup);

function PreactCounter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      Clicked {n}
    </button>
  );
}

describe('the portal test runtime', () => {
  it('resolves react and react-dom to preact/compat', () => {
    expect(React.createElement).toBe(PreactCompat.createElement);
    expect(ReactDom.createPortal).toBe(PreactCompat.createPortal);
  });

  it("renders through Preact: Preact's own hooks work under Testing Library", () => {
    render(<PreactCounter />);
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
  });
});
