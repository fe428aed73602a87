import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from '../src/selection';

const page = (...ids: number[]) => ids.map((id) => ({ id }));

describe('a selection of rows', () => {
  it('ticks, unticks and toggles rows, and all of the shown ones at once', () => {
    const { result } = renderHook(() => useSelection(page(1, 2, 3)));
    act(() => result.current.toggle(2));
    act(() => result.current.toggle(3, true));
    expect(result.current.selected.map((r) => r.id)).toEqual([2, 3]);
    act(() => result.current.toggle(2));
    expect(result.current.isSelected(2)).toBe(false);
    act(() => result.current.selectAll(true));
    expect(result.current.allSelected).toBe(true);
    act(() => result.current.clear());
    expect(result.current.selected).toEqual([]);
  });

  it('acts only on rows that are shown: one ticked on another page is not selected there', () => {
    const { result, rerender } = renderHook(({ rows }) => useSelection(rows), { initialProps: { rows: page(1, 2) } });
    act(() => result.current.toggle(1, true));
    rerender({ rows: page(3, 4) });
    expect(result.current.selected).toEqual([]);
    expect(result.current.allSelected).toBe(false);
    rerender({ rows: page(1, 2) });
    expect(result.current.selected.map((r) => r.id)).toEqual([1]);
  });

  it('has nothing to select in an empty or loading list', () => {
    const { result } = renderHook(() => useSelection<{ id: number }>(undefined));
    expect(result.current.allSelected).toBe(false);
    expect(result.current.selected).toEqual([]);
  });
});
