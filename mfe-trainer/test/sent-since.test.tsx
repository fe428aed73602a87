import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSentSince } from '../src/features/offline-records';

describe('the "saved on this phone" message', () => {
  it('holds while the record waits, and gives way once the queue, seen holding it, is empty', () => {
    const { result, rerender } = renderHook(({ waiting, watching }) => useSentSince(waiting, watching), {
      initialProps: { waiting: 0, watching: true },
    });
    // Shown before the queue was read: not "sent" for an empty queue not yet seen holding the record.
    expect(result.current).toBe(false);
    rerender({ waiting: 1, watching: true });
    expect(result.current).toBe(false);
    rerender({ waiting: 0, watching: true });
    expect(result.current).toBe(true);
    // Another message in its place: nothing to say about the queue any more.
    rerender({ waiting: 0, watching: false });
    expect(result.current).toBe(false);
  });
});
