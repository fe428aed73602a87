import { describe, expect, it } from 'vitest';
import { TRAINEE_ROUTES } from '../src/expose';
import { PAGES } from '../src/pages';

describe('the trainee area', () => {
  it('serves exactly the pages its release records', () => {
    expect(TRAINEE_ROUTES.map((route) => route.path)).toEqual(PAGES.patterns);
  });
});
