import { render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { QueryClientProvider, queryKeys } from '@btls/shared-api';
import { testQueryClient } from '@btls/shared-auth/testing';
import { CourseImage } from '../src/ui/course-image';

/** Rendered in a page whose site data says whether it is for a data saver (as the server render fills it). */
function render(ui: ReactNode, dataSaver = false) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.site, { origin: 'https://btls.example', dataSaver });
  return renderBare(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const upload = '/api/images/' + 'a'.repeat(64);

describe('CourseImage', () => {
  it('offers the WebP copies through srcset/sizes, lazily, in a box of the given size', () => {
    render(<CourseImage course={{ title: 'Espresso', imageUrl: upload, imageWidths: [320, 640, 960, 1280] }} />);
    const img = screen.getByRole('img', { name: 'Espresso' });
    expect(img.getAttribute('srcset')).toBe(
      `${upload}/320.webp 320w, ${upload}/640.webp 640w, ${upload}/960.webp 960w, ${upload}/1280.webp 1280w`,
    );
    expect(img.getAttribute('sizes')).toBe('(max-width: 400px) 100vw, 400px');
    // Never the original: the fallback is the smallest copy that fills the 400 px box.
    expect(img.getAttribute('src')).toBe(`${upload}/640.webp`);
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('225');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('marks the largest image above the fold: fetched first, not lazily, with the caller’s sizes', () => {
    render(
      <CourseImage
        course={{ title: 'Latte art', imageUrl: upload, imageWidths: [320, 640, 800] }}
        width={900}
        height={400}
        sizes="(max-width: 960px) 100vw, 900px"
        priority
      />,
    );
    const img = screen.getByRole('img', { name: 'Latte art' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('sizes')).toBe('(max-width: 960px) 100vw, 900px');
    expect(img.getAttribute('src')).toBe(`${upload}/800.webp`); // no copy fills 900 px: the largest there is
    expect(img.getAttribute('width')).toBe('900');
  });

  it('shows an external URL (or an upload without copies) as it is, with no srcset', () => {
    render(<CourseImage course={{ title: 'Cupping', imageUrl: 'https://img.example/cup.jpg' }} />);
    const img = screen.getByRole('img', { name: 'Cupping' });
    expect(img.getAttribute('src')).toBe('https://img.example/cup.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('keeps the placeholder for a course without an image', () => {
    render(<CourseImage course={{ title: 'Roasting', imageUrl: null }} />);
    expect(screen.getByRole('img', { name: 'Roasting' }).tagName).toBe('DIV');
  });

  it('gives a data saver the smallest copy only, whatever the screen', () => {
    render(<CourseImage course={{ title: 'Espresso', imageUrl: upload, imageWidths: [320, 640, 960] }} />, true);
    const img = screen.getByRole('img', { name: 'Espresso' });
    expect(img.getAttribute('srcset')).toBe(`${upload}/320.webp 320w`);
    expect(img.getAttribute('src')).toBe(`${upload}/320.webp`);
  });
});
