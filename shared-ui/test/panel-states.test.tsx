import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListStates } from '../src/panel-states';

afterEach(cleanup);

const body = (items: string[] | null, error = '') => (
  <ListStates items={items} error={error} loading="Loading things..." empty="No things yet.">
    {(rows) => (
      <ul>
        {rows.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    )}
  </ListStates>
);

describe('ListStates (one message, not two)', () => {
  it('shows one state at a time: loading, empty, or the rows', () => {
    const { rerender } = render(body(null));
    expect(screen.getByRole('status').textContent).toBe('Loading things...');
    rerender(body([]));
    expect(screen.getByText('No things yet.')).toBeTruthy();
    rerender(body(['Latte']));
    expect(screen.getByRole('listitem').textContent).toBe('Latte');
    expect(screen.queryByText('No things yet.')).toBeNull();
  });

  it('after a failed load shows nothing (the page has the error banner), never the empty text or the spinner', () => {
    // A failed paged list answers no rows; a failed query none at all.
    const { container, rerender } = render(body([], 'Failed to fetch. Status: 500'));
    expect(container.innerHTML).toBe('');
    rerender(body(null, 'Failed to fetch. Status: 500'));
    expect(container.innerHTML).toBe('');
  });
});
