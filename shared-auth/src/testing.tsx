/**
 * Test helpers for the areas' component tests (not shipped: nothing outside test/ imports this, and the
 * federation config leaves it out): a page rendered at a path under the router and the session provider,
 * and an msw server for the API.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { configureApi } from '@btls/shared-api';
import type { User } from '@btls/shared-api/schemas';
import { MemoryRouter } from 'react-router';
import { AuthProvider, Route, Routes } from '@btls/shared-auth';

export const API = 'http://api.test/api';
export const server = setupServer();
export { http };

/** Points the API client at the msw server (the session store keeps providing the token). */
export function useTestApi() {
  configureApi({ baseUrl: `${API}/` });
}

/**
 * A test file's API: the msw server listening (a request no test answers is an error), the client pointed at
 * it, console.error quiet (the client logs every failure, which many tests cause on purpose), and each test's
 * handlers and spies reset after it. Called once at the top of a file.
 */
export function mockApiForFile() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    configureApi({ baseUrl: `${API}/` });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
  });
}

/** An msw resolver answering `body` with `status`. */
export const answer =
  (body: JsonBodyType, status = 200) =>
  () =>
    HttpResponse.json(body, { status });

/**
 * A paged list as the API answers it: the rows `keep` lets through for the request's query, `limit`/`offset`
 * applied, the total in X-Total-Count. `seen` collects each request's query, to check what a screen asked for.
 */
export function pagedAnswer<Row extends JsonBodyType>(
  rows: Row[],
  keep: (row: Row, query: URLSearchParams) => boolean = () => true,
  seen: URLSearchParams[] = [],
) {
  return ({ request }: { request: Request }) => {
    const query = new URL(request.url).searchParams;
    seen.push(query);
    const found = rows.filter((row) => keep(row, query));
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 50);
    return HttpResponse.json(found.slice(offset, offset + limit), {
      headers: { 'X-Total-Count': String(found.length) },
    });
  };
}

/** Stores a session the way a sign-in does, so the provider restores it. */
export function signInAs(user: Partial<User>, token = 'test-token') {
  localStorage.setItem('btlsToken', token);
  localStorage.setItem(
    'btlsUser',
    JSON.stringify({
      id: 1,
      firstName: 'Aline',
      lastName: 'Uwase',
      email: 'aline@example.rw',
      role: 'trainee',
      ...user,
    }),
  );
}

/** A query client for one test: nothing cached from another test, no retries to wait for. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
}

export function renderAt(
  path: string,
  routes: { path: string; element: ReactNode }[],
  queryClient = testQueryClient(),
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * What a form refused because of one field shows: the words beside it (the field marked and described by them),
 * the keyboard in it, and the same words announced once as the summary screen readers hear.
 */
export async function expectRefusedOn(label: string | RegExp, message: string) {
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
  expect(described).toContain(message);
  await waitFor(() => expect(document.activeElement).toBe(field));
}
