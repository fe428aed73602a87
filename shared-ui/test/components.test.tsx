import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBanner, SelectField, StatusBadge, TextAreaField, TextField } from '../src/components';

afterEach(cleanup);

describe('form fields', () => {
  it('tie a visible label to each control, and describe it by its hint', () => {
    render(
      <>
        <TextField label="Email" type="email" hint="We never share it." />
        <TextAreaField label="Message" />
        <SelectField label="Level">
          <option>Beginner</option>
        </SelectField>
      </>,
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    // The description is the hint itself (not just any id), and a field without a hint has none.
    const described = screen.getByLabelText('Email').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('We never share it.');
    expect(screen.getByLabelText('Message').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Level' })).toBeTruthy();
  });
});

describe('banners and badges', () => {
  it('announce errors as alerts and render nothing without a message', () => {
    const { container } = render(<ErrorBanner>{''}</ErrorBanner>);
    expect(container.innerHTML).toBe('');
    render(<ErrorBanner>Failed to fetch courses. Status: 500</ErrorBanner>);
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch courses. Status: 500');
  });

  /** The declarations of every style rule that applies to `element`. */
  const stylesOf = (element: Element) =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && element.matches(rule.selectorText))
      .map((rule) => rule.style);

  // docs/product.md §4: Pending yellow, Approved green, Rejected red, Completed blue, Waitlisted indigo (tokens.css).
  it.each(['Pending', 'Approved', 'Rejected', 'Completed', 'Waitlisted'] as const)(
    'show %s as text in its own colours',
    (status) => {
      render(<StatusBadge status={status} />);
      const applied = stylesOf(screen.getByText(status));
      const token = status.toLowerCase();
      expect(applied.map((s) => s.getPropertyValue('background'))).toContain(`var(--status-${token}-bg)`);
      expect(applied.map((s) => s.getPropertyValue('color'))).toContain(`var(--status-${token}-fg)`);
    },
  );
});
