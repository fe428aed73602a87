import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { activeFilters, ListTools } from '../src/list-tools';

afterEach(cleanup);

/** A list with two filters and the change of several, as a staff page has them. */
function List({ status = 'Pending', q = '' }: { status?: string; q?: string }) {
  const [selecting, setSelecting] = useState(false);
  return (
    <ListTools
      active={activeFilters({ status, q }, { status: 'Pending' })}
      filters={<input aria-label="Search" defaultValue={q} />}
      selecting={selecting}
      onSelecting={setSelecting}
      bulk={<button type="button">Approve selected</button>}
      actions={<button type="button">Export CSV</button>}
    />
  );
}

describe('a staff list’s Filter and Select', () => {
  it('counts the filters set apart from their defaults', () => {
    expect(activeFilters({ status: 'Pending', q: '' }, { status: 'Pending' })).toBe(0);
    expect(activeFilters({ status: 'All', q: 'latte', course: '' }, { status: 'Pending' })).toBe(2);
    render(<List status="All" q="latte" />);
    expect(screen.getByRole('button', { name: 'Filter (2)' })).toBeTruthy();
    cleanup();
    render(<List />);
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy();
  });

  it('opens and closes the filters it controls, which stay in the page (their values kept)', async () => {
    render(<List q="latte" />);
    const filter = screen.getByRole('button', { name: 'Filter (1)' });
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(filter.getAttribute('aria-controls')!)!;
    expect(panel.contains(screen.getByLabelText('Search'))).toBe(true);
    await userEvent.click(filter);
    expect(filter.getAttribute('aria-expanded')).toBe('true');
    await userEvent.type(screen.getByLabelText('Search'), ' art');
    await userEvent.click(filter);
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('latte art');
  });

  it('shows the actions on several only while selecting, and the list’s other buttons beside', async () => {
    render(<List />);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    const select = screen.getByRole('button', { name: 'Select' });
    expect(select.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
    await userEvent.click(select);
    expect(select.getAttribute('aria-expanded')).toBe('true');
    const bulk = document.getElementById(select.getAttribute('aria-controls')!)!;
    expect(bulk.contains(screen.getByRole('button', { name: 'Approve selected' }))).toBe(true);
    await userEvent.click(select);
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
  });

  it('offers no Select on a list that has nothing to do to several rows', () => {
    render(<ListTools active={0} filters={<input aria-label="Search" />} />);
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
  });
});
