import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { paths, patternOf, routePath } from '../src/paths';

describe('paths', () => {
  it('builds the address of a page with a parameter, encoded', () => {
    expect(paths.course(5)).toBe('/courses/5');
    expect(paths.admin.assignTrainer(12)).toBe('/admin/enrollments/12/assign-trainer');
    expect(paths.verify('BTLS-2026/ä 1')).toBe('/verify/BTLS-2026%2F%C3%A4%201');
    expect(paths.applyForJob('7')).toBe('/jobs/7/apply');
  });

  it('matches what it builds against its own pattern, and nothing else', () => {
    const routes = [paths.job, paths.applyForJob, paths.certificate].map((page) => ({ path: page.pattern }));
    expect(matchRoutes(routes, paths.applyForJob(3))?.[0]?.route.path).toBe('/jobs/:jobId/apply');
    expect(matchRoutes(routes, paths.job(3))?.[0]?.params).toEqual({ jobId: '3' });
    expect(matchRoutes(routes, paths.certificate('A B'))?.[0]?.params).toEqual({ certificateCode: 'A B' });
  });

  it('gives route tables their patterns: in full, or relative inside a panel area', () => {
    expect(patternOf(paths.courses)).toBe('/courses');
    expect(patternOf(paths.course)).toBe('/courses/:id');
    expect(routePath(paths.admin.editUser)).toBe('admin/users/edit/:userId');
  });

  it('names every page once: no two entries share an address', () => {
    const all: string[] = [];
    const walk = (node: object) => {
      for (const value of Object.values(node)) {
        if (typeof value === 'string' || typeof value === 'function') all.push(patternOf(value));
        else walk(value);
      }
    };
    walk(paths);
    expect(new Set(all).size).toBe(all.length);
  });
});
