/** The featured carousel hands swiper its layout: checked on what swiper is given, not on a constant. */
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { course, renderAt } from './render';

const given: Record<string, unknown>[] = [];
vi.mock('swiper/react', () => ({
  Swiper: ({ children, ...props }: { children: ReactNode }) => {
    given.push(props);
    return <div>{children}</div>;
  },
  SwiperSlide: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}));

describe('the featured carousel', () => {
  it('shows 1 slide on phones, 2 from 768 px and 3 from 1024 px', async () => {
    const { default: FeaturedCarousel } = await import('../src/features/home/featured-courses');
    renderAt('/', [
      { path: '/', element: <FeaturedCarousel courses={[course({ title: 'One' }), course({ title: 'Two' })]} /> },
    ]);
    expect(given.at(-1)?.breakpoints).toEqual({
      0: { slidesPerView: 1 },
      768: { slidesPerView: 2 },
      1024: { slidesPerView: 3 },
    });
  });
});
