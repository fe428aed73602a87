import { render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { configureApi } from '@btls/shared-api/client';
import type { Course, Job } from '@btls/shared-api/schemas';
import { MemoryRouter, Route, Routes } from '@btls/shared-auth/router';

export const API = 'http://api.test/api';
export const server = setupServer();

export function useApi() {
  configureApi({ baseUrl: `${API}/`, getToken: () => null });
}

export const answer = (body: JsonBodyType, status = 200) => () => HttpResponse.json(body, { status });
export { http };

export function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

let nextId = 1;
export function course(fields: Partial<Course> = {}): Course {
  const id = nextId++;
  return {
    id,
    title: `Course ${id}`,
    description: 'A course.',
    tags: [],
    category: 'Brewing Techniques',
    level: 'Beginner',
    trainingCenter: 'BTLS Coffee Training Centre, Kigali',
    instructor: null,
    duration: '2 weeks',
    price: '150000',
    imageUrl: null,
    isActive: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

export function job(fields: Partial<Job> = {}): Job {
  const id = nextId++;
  return {
    id,
    employerId: 1,
    title: `Job ${id}`,
    companyName: 'Kigali Beans',
    description: '<p>Make coffee.</p>',
    descriptionSnippet: 'Make coffee.',
    requirements: null,
    location: 'Kigali',
    jobType: 'Full-time',
    salaryRange: null,
    closingDate: null,
    isActive: true,
    postedDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    ...fields,
  };
}
