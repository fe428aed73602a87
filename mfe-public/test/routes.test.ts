import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../src/expose';
import { PAGES } from '../src/pages';

describe('the public area', () => {
  it('serves exactly the pages its release records', () => {
    expect(PUBLIC_ROUTES.map((route) => route.path)).toEqual(PAGES.patterns);
  });

  it('gives search engines pages of its own without parameters', () => {
    for (const page of PAGES.indexed ?? []) {
      expect(PAGES.patterns).toContain(page);
      expect(page).not.toMatch(/[:*]/);
    }
  });
});
