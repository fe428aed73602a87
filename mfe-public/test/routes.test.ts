import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@btls/shared-auth';
import { PUBLIC_ROUTES } from '../src/expose';

describe('the public area', () => {
  it('serves exactly the pages the shell routes to it', () => {
    expect(PUBLIC_ROUTES.map((route) => route.path)).toEqual(PUBLIC_PAGES);
  });
});
