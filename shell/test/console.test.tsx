/**
 * The console's own pages: its sign-in says every problem at once, each beside its field, and the server's words
 * by their code; and asking again: a request refused for want of a recent proof opens a dialog, is sent again
 * once the admin has confirmed (with the new token), and a Cancel hands the caller the refusal.
 */
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { configureApi, errorMessage, passkeyOptions, session, validation } from '@btls/shared-api';
import { useSessionStore } from '@btls/shared-auth';
import { API, http, mockApiForFile, renderAt, server, signInAs } from '@btls/shared-auth/testing';
import { ConsoleSignInPage } from '../src/console/auth-pages';
import { SudoQuestionHost } from '../src/console/console-pages';
import { askingFetch } from '../src/console/sudo';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

mockApiForFile();

const ADMIN = { id: 1, firstName: 'Grace', lastName: 'Admin', email: 'admin@btls.rw', role: 'admin' as const };

/** The words beside a field: what its control is described by. */
function describedBy(field: HTMLElement) {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function signInPage(path = '/login') {
  return renderAt(path, [
    { path: '/login', element: <ConsoleSignInPage /> },
    { path: '/admin/dashboard', element: <p>the panel</p> },
    { path: '/admin/releases', element: <p>the releases</p> },
  ]);
}

describe("the console's sign-in", () => {
  it('says every problem at once, each beside its field, the keyboard on the first', async () => {
    const user = userEvent.setup();
    signInPage();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    for (const field of [email, password]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(field)).toContain(validation.requiredFields);
    }
    await waitFor(() => expect(document.activeElement).toBe(email));

    // A bad address and a blank password: both said, each beside its own field.
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(describedBy(email)).toContain(validation.invalidEmail));
    expect(describedBy(password)).toContain(validation.requiredFields);
  });

  it("says the server's refusal by its code, with the site's sign-in for an account that is not an admin's", async () => {
    const user = userEvent.setup();
    let answer = HttpResponse.json(
      { message: session.invalidCredentials, code: 'session.invalidCredentials' },
      { status: 401 },
    );
    server.use(http.post(`${API}/auth/login`, () => answer));
    signInPage();
    await user.type(await screen.findByLabelText('Email'), 'grace@btls.rw');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(session.invalidCredentials);

    answer = HttpResponse.json(
      {
        message: session.consoleAdminsOnly({ url: 'http://localhost:8080/login' }),
        code: 'session.consoleAdminsOnly',
        params: { url: 'http://localhost:8080/login' },
      },
      { status: 403 },
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('for admins only'));
    const link = await screen.findByRole('link', { name: "Go to the site's sign-in" });
    expect(link.getAttribute('href')).toBe('http://localhost:8080/login');
  });

  it('goes on to the page asked for (`next`), else the panel', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ message: 'Welcome', code: 'notice.signedIn', token: 'console-token', user: ADMIN }),
      ),
    );
    signInPage('/login?next=/admin/releases');
    await user.type(await screen.findByLabelText('Email'), 'admin@btls.rw');
    await user.type(screen.getByLabelText('Password'), 'admin-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('the releases')).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('console-token');
  });

  it('never goes on to another site', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ message: 'Welcome', code: 'notice.signedIn', token: 'console-token', user: ADMIN }),
      ),
    );
    signInPage('/login?next=//evil.example/admin');
    await user.type(await screen.findByLabelText('Email'), 'admin@btls.rw');
    await user.type(screen.getByLabelText('Password'), 'admin-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('the panel')).toBeTruthy();
  });
});

/** A page with a dangerous action: its answer, or the refusal's words. */
function Dangerous() {
  const [said, say] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          passkeyOptions().then(
            (options) => say(`done: ${options.challenge}`),
            (failure: unknown) => say(`refused: ${errorMessage(failure)}`),
          )
        }
      >
        Make a passkey
      </button>
      <p>{said}</p>
      <SudoQuestionHost />
    </>
  );
}

/** The API of a dangerous action that needs a recent proof until `/auth/sudo` gave one; what each call carried. */
function sudoApi({ passkey = false } = {}) {
  const seen = { tokens: [] as string[], proofs: [] as unknown[] };
  let proven = false;
  server.use(
    http.post(`${API}/auth/passkeys/options`, ({ request }) => {
      seen.tokens.push(request.headers.get('authorization') ?? '');
      if (!proven)
        return HttpResponse.json({ message: session.sudoRequired, code: 'session.sudoRequired' }, { status: 403 });
      return HttpResponse.json({
        challenge: 'the-challenge',
        rp: { name: 'BTLS' },
        user: { id: 'u', name: 'n', displayName: 'd' },
        pubKeyCredParams: [],
      });
    }),
    http.post(`${API}/auth/sudo/passkey-options`, () =>
      passkey
        ? HttpResponse.json({ challenge: 'sign-this', allowCredentials: [] })
        : HttpResponse.json({ message: session.noPasskey, code: 'session.noPasskey' }, { status: 404 }),
    ),
    http.post(`${API}/auth/sudo`, async ({ request }) => {
      const body = (await request.json()) as { password?: string; passkey?: unknown };
      seen.proofs.push(body);
      if (body.password !== undefined && body.password !== 'admin-demo-2026')
        return HttpResponse.json(
          { message: session.sudoPasswordWrong, code: 'session.sudoPasswordWrong' },
          { status: 403 },
        );
      proven = true;
      return HttpResponse.json({ message: 'Confirmed.', code: 'notice.confirmed', token: 'fresh-token', user: ADMIN });
    }),
  );
  return seen;
}

function renderDangerous() {
  configureApi({ fetch: askingFetch() });
  signInAs(ADMIN, 'old-token');
  return renderAt('/admin/settings', [{ path: '/admin/settings', element: <Dangerous /> }]);
}

describe('asking again', () => {
  it('asks on sudoRequired, keeps the new token, and sends the refused request again with it', async () => {
    const user = userEvent.setup();
    const seen = sudoApi();
    renderDangerous();
    await user.click(await screen.findByRole('button', { name: 'Make a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    // No passkey added: only the password is offered.
    await waitFor(() => expect(seen.tokens).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();

    // A wrong password is said beside the field; the dialog stays.
    await user.type(password, 'not-it');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(describedBy(password)).toContain(session.sudoPasswordWrong));
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'admin-demo-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('done: the-challenge')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.tokens).toEqual(['Bearer old-token', 'Bearer fresh-token']);
    expect(useSessionStore.getState().token).toBe('fresh-token');
  });

  it('offers the passkey when the admin has one, and confirms with its answer', async () => {
    const user = userEvent.setup();
    const seen = sudoApi({ passkey: true });
    const assertion = {
      id: 'cred',
      rawId: 'cred',
      type: 'public-key',
      response: { clientDataJSON: 'YQ', authenticatorData: 'Yg', signature: 'Yw' },
      clientExtensionResults: {},
    };
    browser.startAuthentication.mockResolvedValue(assertion);
    renderDangerous();
    await user.click(await screen.findByRole('button', { name: 'Make a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(await within(dialog).findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('done: the-challenge')).toBeTruthy();
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'sign-this', allowCredentials: [] },
    });
    expect(seen.proofs).toEqual([{ passkey: assertion }]);
  });

  it('hands the caller the refusal on Cancel, and sends nothing again', async () => {
    const user = userEvent.setup();
    const seen = sudoApi();
    renderDangerous();
    await user.click(await screen.findByRole('button', { name: 'Make a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(`refused: ${session.sudoRequired}`)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.tokens).toEqual(['Bearer old-token']);
    expect(seen.proofs).toEqual([]);
    expect(useSessionStore.getState().token).toBe('old-token');
  });

  it('is cancelled by Escape too', async () => {
    const user = userEvent.setup();
    sudoApi();
    renderDangerous();
    await user.click(await screen.findByRole('button', { name: 'Make a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(await screen.findByText(`refused: ${session.sudoRequired}`)).toBeTruthy();
  });
});
