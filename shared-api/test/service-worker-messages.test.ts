/** What a page and its service worker say to each other: checked on arrival, anything else is not acted on. */
import { describe, expect, it } from 'vitest';
import { pageMessage, SW_MESSAGES, workerMessage } from '../src/service-worker';

describe('the messages between a page and its worker', () => {
  it('reads each message a page sends', () => {
    expect(pageMessage({ type: SW_MESSAGES.skipWaiting })).toEqual({ type: 'SKIP_WAITING' });
    expect(pageMessage({ type: SW_MESSAGES.claim, extra: 1 })).toEqual({ type: 'CLAIM' });
    expect(pageMessage({ type: SW_MESSAGES.user, id: 7 })).toEqual({ type: 'USER', id: 7 });
    expect(pageMessage({ type: SW_MESSAGES.user, id: null })).toEqual({ type: 'USER', id: null });
    expect(pageMessage({ type: SW_MESSAGES.save, url: '/dashboard', id: 7 })).toEqual({
      type: 'SAVE',
      url: '/dashboard',
      id: 7,
    });
    expect(pageMessage({ type: SW_MESSAGES.save, url: '/jobs' })).toEqual({ type: 'SAVE', url: '/jobs' });
    expect(pageMessage({ type: SW_MESSAGES.area, area: 'trainer' })).toEqual({ type: 'AREA', area: 'trainer' });
    expect(pageMessage({ type: SW_MESSAGES.keepApp, area: 'x' })).toEqual({ type: 'KEEP_APP' });
  });

  it('acts on nothing else: unknown types, missing or wrong values', () => {
    for (const data of [
      null,
      'USER',
      { type: 'DELETE_ALL' },
      { type: SW_MESSAGES.user },
      { type: SW_MESSAGES.user, id: '7' },
      { type: SW_MESSAGES.user, id: 1.5 },
      { type: SW_MESSAGES.save },
      { type: SW_MESSAGES.area, area: '' },
    ])
      expect(pageMessage(data)).toBeNull();
    expect(pageMessage({ type: SW_MESSAGES.save, url: '/x', id: 'someone' })).toEqual({ type: 'SAVE', url: '/x' });
  });

  it("reads the worker's message that a fresher answer came", () => {
    expect(workerMessage({ type: SW_MESSAGES.updated, url: '/api/jobs' })).toEqual({
      type: 'UPDATED',
      url: '/api/jobs',
    });
    expect(workerMessage({ type: SW_MESSAGES.updated })).toBeNull();
    expect(workerMessage(undefined)).toBeNull();
  });
});
