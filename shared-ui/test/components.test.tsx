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
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBeTruthy();
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

  it('show the enrollment status as text', () => {
    render(<StatusBadge status="Waitlisted" />);
    expect(screen.getByText('Waitlisted')).toBeTruthy();
  });
});
