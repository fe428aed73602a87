import { readFileSync } from 'node:fs';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HomePage } from '../src/features/home/home-page';
import { answer, API, course, http, renderAt, server, mockApiForFile } from './render';

mockApiForFile();

const home = () => renderAt('/', [{ path: '/', element: <HomePage /> }]);

describe('the home page', () => {
  it('has the hero buttons, the three benefit cards, the audience blocks and the final call to action', async () => {
    server.use(http.get(`${API}/courses`, answer([])));
    home();
    expect(screen.getByRole('link', { name: 'Find Training' }).getAttribute('href')).toBe('/courses');
    expect(screen.getByRole('link', { name: 'Explore Jobs' }).getAttribute('href')).toBe('/jobs');
    for (const benefit of ['Expert Training', 'Digital Certification', 'Job Linkages']) {
      expect(screen.getByRole('heading', { name: benefit })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Start your journey' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Hire our talent' }).getAttribute('href')).toBe('/employer/register');
    expect(screen.getByRole('link', { name: 'Become a partner' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Get Started Now' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'View All Courses' }).getAttribute('href')).toBe('/courses');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await screen.findByText('No featured courses available at the moment.');
    for (const img of screen.getAllByRole('img')) {
      if (img.tagName === 'IMG') {
        expect(img.getAttribute('alt')).toBeTruthy();
        expect(img.getAttribute('width')).toBeTruthy();
        expect(img.getAttribute('height')).toBeTruthy();
      }
    }
  });

  it('shows the audience blocks until it knows they are below the screen, then fades them in when scrolled to', async () => {
    // An observer the test drives: first "not in view", then "in view".
    const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    server.use(http.get(`${API}/courses`, answer([])));
    try {
      home();
      const block = screen.getByRole('heading', { name: 'Employers' }).closest('article')!;
      const classBefore = block.className;
      act(() => observers.forEach((report) => report([{ isIntersecting: false }])));
      expect(block.className).not.toBe(classBefore);
      expect(block.className).toMatch(/waiting/);
      act(() => observers.forEach((report) => report([{ isIntersecting: true }])));
      expect(block.className).not.toMatch(/waiting/);
      await screen.findByText('No featured courses available at the moment.');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('hides a waiting block, and fades nothing for visitors who asked for less motion', () => {
    // The class the block waits with does the hiding, in CSS (jsdom applies none of it): the rules themselves.
    const css = readFileSync('src/features/home/home.module.css', 'utf8'); // the tests run in the package's folder
    const rule = (text: string, selector: string) => new RegExp(`\\${selector}\\s*\\{([^}]*)\\}`).exec(text)?.[1] ?? '';
    const waiting = rule(css, '.waiting');
    expect(waiting).toMatch(/opacity:\s*0\s*;/);
    expect(waiting).toMatch(/transform:\s*translateY/);
    const reduced = /@media \(prefers-reduced-motion: reduce\)\s*\{([\s\S]*?)\n\}/.exec(css);
    const still = rule(reduced?.[1] ?? '', '.audience');
    expect(still).toMatch(/opacity:\s*1\s*;/);
    expect(still).toMatch(/transform:\s*none/);
    expect(still).toMatch(/transition:\s*none/);
    // Same weight as .waiting: it wins only by coming after it.
    expect(reduced!.index).toBeGreaterThan(css.indexOf('.waiting'));
  });

  it('features the first 6 courses in the carousel', async () => {
    server.use(
      http.get(`${API}/courses`, answer(Array.from({ length: 8 }, (_, i) => course({ title: `Featured ${i + 1}` })))),
    );
    home();
    const section = screen.getByRole('region', { name: 'Featured Training Programs' });
    const headings = await within(section).findAllByRole('heading', { level: 3 });
    const names = headings.map((h) => h.textContent);
    expect(new Set(names)).toEqual(
      new Set(['Featured 1', 'Featured 2', 'Featured 3', 'Featured 4', 'Featured 5', 'Featured 6']),
    );
  }, 20_000);

  it("says 'Could not load featured courses.' when the courses fail to load", async () => {
    server.use(http.get(`${API}/courses`, () => new Response(null, { status: 500 })));
    home();
    expect(await screen.findByText('Could not load featured courses.')).toBeTruthy();
  });

  it("says 'No featured courses available at the moment.' when there are none", async () => {
    server.use(http.get(`${API}/courses`, answer([])));
    home();
    expect(await screen.findByText('No featured courses available at the moment.')).toBeTruthy();
  });
});
