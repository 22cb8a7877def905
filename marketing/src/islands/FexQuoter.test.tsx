// @vitest-environment jsdom
// The FEX quoter (react-hook-form, nothing submitted): the server-rendered page already shows the
// defaults, the premium follows every answer, and an age or coverage out of range is priced at the
// clamp and put back in the field when the field is left.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import FexQuoter from './FexQuoter.tsx';

afterEach(cleanup);

describe('FexQuoter', () => {
  it('the server-rendered HTML has the default answers and their premium', () => {
    const html = renderToString(<FexQuoter />);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const byLabel = (text: string) => {
      const label = [...doc.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)!;
      return (label.htmlFor ? doc.getElementById(label.htmlFor) : label.querySelector('input')) as HTMLInputElement;
    };
    expect(byLabel('Age').getAttribute('value')).toBe('65');
    expect(byLabel('Coverage ($)').getAttribute('value')).toBe('10000');
    expect(byLabel('Female').hasAttribute('checked')).toBe(true);
    expect(byLabel('Non-smoker').hasAttribute('checked')).toBe(true);
    expect(doc.querySelector('[data-testid="quote-premium"]')?.textContent).toBe('$51.00');
  });

  it('prices each answer and puts a clamped age back in the field on leaving it', () => {
    render(<FexQuoter />);
    const premium = () => screen.getByTestId('quote-premium').textContent;
    expect(premium()).toBe('$51.00');
    fireEvent.click(screen.getByLabelText('Male'));
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '70' } });
    expect(premium()).toBe('$72.25');
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Coverage ($)'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Plan type'), { target: { value: 'guaranteed' } });
    fireEvent.click(screen.getByLabelText('Smoker'));
    expect(premium()).toBe('$112.50');

    const age = screen.getByLabelText('Age') as HTMLInputElement;
    fireEvent.change(age, { target: { value: '95' } });
    expect(screen.getByText('Priced at age 90 (ages 40-90).')).toBeTruthy();
    fireEvent.blur(age);
    expect(age.value).toBe('90');
    expect(screen.getByText('Ages 40 to 90.')).toBeTruthy();
  });
});
