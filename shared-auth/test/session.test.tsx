import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApi, listUsers } from '@btls/shared-api';
import { nextOf, RequireAuth, RequireRole, useReturnPath } from '../src/guards';
import { panelFor } from '../src/roles';
import { AuthProvider, sessionHintOf, useAuth, useSessionStore } from '../src/session';

const user = {
  id: 1,
  firstName: 'Aline',
  lastName: 'Uwase',
  email: 'aline@example.rw',
  role: 'trainee',
  isActive: true,
  companyName: null,
  companyWebsite: null,
  companyDescription: null,
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ status: 'loading', token: null, user: null, storageBlocked: false });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
});

const wrapper = ({ children }: { children: React.ReactNode }) => <AuthProvider>{children}</AuthProvider>;

describe('the session store', () => {
  it('works signed out when the browser blocks site data, and says why signing in cannot be kept', async () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    server.use(http.post('http://api.test/api/auth/login', () => HttpResponse.json({ token: 't', user })));
    configureApi({ baseUrl: 'http://api.test/api/' });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.isAuthenticated).toBe(false);
    expect(result.current.storageBlocked).toBe(true);
    await expect(result.current.login({ email: 'aline@example.rw', password: 'x' })).rejects.toThrow(
      /Signing in needs site data/,
    );
    expect(useSessionStore.getState().status).toBe('signedOut');
    blocked.mockRestore();
  });

  it('restores the session when both btlsToken and btlsUser exist', async () => {
    localStorage.setItem('btlsToken', 't1');
    localStorage.setItem('btlsUser', JSON.stringify(user));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(result.current.user?.firstName).toBe('Aline');
  });

  it('stays signed out when only one of the two keys exists', async () => {
    localStorage.setItem('btlsToken', 't1');
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(false));
  });

  it("drops both keys when the stored user cannot be parsed, saying 'Failed to parse user from localStorage'", async () => {
    localStorage.setItem('btlsToken', 't1');
    localStorage.setItem('btlsUser', '{not json');
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(false));
    expect(console.error).toHaveBeenCalledWith('Failed to parse user from localStorage');
    expect(localStorage.getItem('btlsToken')).toBeNull();
    expect(localStorage.getItem('btlsUser')).toBeNull();
  });

  it('renders nothing while loading', () => {
    useSessionStore.setState({ status: 'loading' });
    const restore = vi.spyOn(useSessionStore.getState(), 'restore').mockImplementation(() => {});
    render(
      <AuthProvider>
        <p>content</p>
      </AuthProvider>,
    );
    expect(screen.queryByText('content')).toBeNull();
    restore.mockRestore();
  });

  it('signs in on a login answer with token and user, and stores both', async () => {
    configureApi({ baseUrl: 'http://api.test/api/' });
    server.use(
      http.post('http://api.test/api/auth/login', () => HttpResponse.json({ message: 'ok', token: 't2', user })),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    configureApi({ baseUrl: 'http://api.test/api/' });
    await act(() => result.current.login({ email: user.email, password: 'x' }));
    expect(result.current.isAuthenticated).toBe(true);
    expect(localStorage.getItem('btlsToken')).toBe('t2');
    expect(JSON.parse(localStorage.getItem('btlsUser')!)).toMatchObject({ email: user.email });
  });

  it('a failed login clears a stored session', async () => {
    localStorage.setItem('btlsToken', 'old');
    localStorage.setItem('btlsUser', JSON.stringify(user));
    server.use(
      http.post('http://api.test/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 }),
      ),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    configureApi({ baseUrl: 'http://api.test/api/' });
    await act(() =>
      expect(result.current.login({ email: user.email, password: 'bad' })).rejects.toThrow(
        'Invalid email or password.',
      ),
    );
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem('btlsToken')).toBeNull();
  });

  it('logout clears state and storage; a profile update merges into the user and is saved', async () => {
    localStorage.setItem('btlsToken', 't1');
    localStorage.setItem('btlsUser', JSON.stringify(user));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    act(() => result.current.updateUser({ firstName: 'Alina' }));
    expect(result.current.user).toMatchObject({ firstName: 'Alina', lastName: 'Uwase' });
    expect(JSON.parse(localStorage.getItem('btlsUser')!).firstName).toBe('Alina');
    act(() => result.current.logout());
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem('btlsToken')).toBeNull();
    expect(localStorage.getItem('btlsUser')).toBeNull();
  });

  it('signs out when the API answers 401 to a call that carried the token', async () => {
    localStorage.setItem('btlsToken', 'expired');
    localStorage.setItem('btlsUser', JSON.stringify(user));
    server.use(
      http.get('http://api.test/api/users', () => HttpResponse.json({ message: 'Session expired' }, { status: 401 })),
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    configureApi({ baseUrl: 'http://api.test/api/' });
    await act(() => expect(listUsers()).rejects.toThrow('Session expired'));
    expect(result.current.isAuthenticated).toBe(false);
  });

  it("useAuth throws 'useAuth must be used within an AuthProvider' outside its provider", () => {
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('guards', () => {
  function app(path: string) {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<p>login page</p>} />
            <Route path="/" element={<p>home page</p>} />
            <Route
              path="/dashboard"
              element={
                <RequireRole roles={['trainee']}>
                  <p>dashboard page</p>
                </RequireRole>
              }
            />
            <Route
              path="/admin"
              element={
                <RequireRole roles={['admin']}>
                  <p>admin page</p>
                </RequireRole>
              }
            />
            <Route
              path="/mine"
              element={
                <RequireAuth>
                  <p>mine page</p>
                </RequireAuth>
              }
            />
          </Routes>
        </AuthProvider>
      </MemoryRouter>,
    );
  }

  it('redirects a signed-out visitor to /login', async () => {
    app('/mine');
    await screen.findByText('login page');
  });

  it('sends a wrong role to /dashboard, or to / when already at /dashboard', async () => {
    localStorage.setItem('btlsToken', 't');
    localStorage.setItem('btlsUser', JSON.stringify(user));
    app('/admin');
    await screen.findByText('dashboard page');
  });

  it('sends a wrong role at /dashboard itself to /', async () => {
    localStorage.setItem('btlsToken', 't');
    localStorage.setItem('btlsUser', JSON.stringify({ ...user, role: 'employer' }));
    app('/dashboard');
    await screen.findByText('home page');
  });
});

describe('role → panel', () => {
  it('maps each role to its dashboard link', () => {
    expect(panelFor('admin')).toMatchObject({ path: '/admin/dashboard', label: 'Admin Panel' });
    expect(panelFor('trainer')).toMatchObject({ path: '/trainer/dashboard', label: 'Trainer Panel' });
    expect(panelFor('employer')).toMatchObject({ path: '/employer/dashboard', accessLabel: 'Employer Portal' });
    expect(panelFor('trainee')).toMatchObject({ path: '/dashboard', label: 'My Dashboard' });
    expect(panelFor('learner')).toMatchObject({ path: '/dashboard', label: 'My Dashboard' });
  });

  it('sends each role to its own panel after signing in, unless a page was remembered on the way', () => {
    const returnPathAt = (state: unknown) =>
      renderHook(() => useReturnPath(), {
        wrapper: ({ children }) => (
          <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>{children}</MemoryRouter>
        ),
      }).result.current;
    const straight = returnPathAt(null);
    expect(['admin', 'trainer', 'employer', 'trainee'].map(straight)).toEqual([
      '/admin/dashboard',
      '/trainer/dashboard',
      '/employer/dashboard',
      '/dashboard',
    ]);
    const onTheWay = returnPathAt({ from: { pathname: '/jobs/7/apply', search: '?ref=card' } });
    expect(onTheWay('employer')).toBe('/jobs/7/apply?ref=card');
    // A panel remembered is where the last session ended (a trainee signed out on it), not a page on the way.
    expect(returnPathAt({ from: { pathname: '/dashboard' } })('employer')).toBe('/employer/dashboard');
  });
});

describe('the session hint (what a server-rendered page shows before the session is restored)', () => {
  const hintCookie = () => /(?:^|;\s*)btlsWho=([^;]*)/.exec(document.cookie)?.[1];
  afterEach(() => {
    document.cookie = 'btlsWho=; path=/; max-age=0';
  });

  it('reads the role and first name, and nothing that is not one', () => {
    expect(sessionHintOf('btlsLang=rw; btlsWho=trainee.Jean-Baptiste%20K')).toEqual({
      role: 'trainee',
      firstName: 'Jean-Baptiste K',
    });
    expect(sessionHintOf('btlsWho=employer.%C3%89lise')).toEqual({ role: 'employer', firstName: 'Élise' });
    // A role is the contract's word: the kernel keeps any word (a role added later shows as a learner's, docs/product.md §3).
    expect(sessionHintOf('btlsWho=owner.Ann')).toEqual({ role: 'owner', firstName: 'Ann' });
    for (const cookie of [
      undefined,
      '',
      'btlsWho=',
      'btlsWho=Owner!.Ann',
      `btlsWho=${'r'.repeat(21)}.Ann`,
      'btlsWho=admin.',
      'btlsWho=admin.%E0%A4%A',
      `btlsWho=admin.${'a'.repeat(301)}`,
    ]) {
      expect(sessionHintOf(cookie), String(cookie)).toBeNull();
    }
  });

  it('follows the session: written when it is restored, changed with the name, gone with a sign-out', async () => {
    localStorage.setItem('btlsToken', 't1');
    localStorage.setItem('btlsUser', JSON.stringify({ ...user, firstName: 'Marie Claire' }));
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isAuthenticated).toBe(true));
    expect(sessionHintOf(document.cookie)).toEqual({ role: 'trainee', firstName: 'Marie Claire' });
    act(() => result.current.updateUser({ firstName: 'Marie' }));
    expect(sessionHintOf(document.cookie)).toEqual({ role: 'trainee', firstName: 'Marie' });
    act(() => result.current.logout());
    expect(hintCookie()).toBeUndefined();
  });

  it('shows the hint while a server-rendered page waits for the session, then the session itself', async () => {
    const hint = { role: 'employer', firstName: 'Patrick' } as const;
    const shown: unknown[] = [];
    function Probe() {
      const { shown: now, isAuthenticated } = useAuth();
      shown.push({ now, isAuthenticated });
      return null;
    }
    // No stored session: the hint was stale (signed out elsewhere), and the page then shows a visitor.
    document.cookie = 'btlsWho=employer.Patrick; path=/';
    render(
      <AuthProvider serverRendered hint={hint}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(useSessionStore.getState().status).toBe('signedOut'));
    expect(shown[0]).toEqual({ now: hint, isAuthenticated: false });
    expect(shown.at(-1)).toEqual({ now: null, isAuthenticated: false });
    expect(hintCookie()).toBeUndefined();
  });
});

describe('?next= (where signing in returns when no history carries it)', () => {
  it('takes a path of this site only, never one the browser reads as another host', () => {
    expect(nextOf('?next=%2Fapply-course%3FcourseId%3D3')).toEqual({
      pathname: '/apply-course',
      search: '?courseId=3',
    });
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)'])
      expect(nextOf(`?${new URLSearchParams({ next })}`)).toBeUndefined();
    // Dot segments and a tab are taken out by the URL's parse: what is left must still be one slash, then a path.
    for (const next of ['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/\t/evil.example'])
      expect(nextOf(`?${new URLSearchParams({ next })}`)).toBeUndefined();
  });
});
