/** What a form refused because of one field shows: the words beside it, the field marked and focused, a summary. */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

export async function expectRefusedOn(label: string | RegExp, message: string) {
  // Announced once, as the summary screen readers hear.
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
  expect(described).toContain(message);
  await waitFor(() => expect(document.activeElement).toBe(field));
}
