/** A registration's draft: the names and the e-mail survive leaving the page, the passwords never are kept. */
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RegisterPage } from '../src/features/auth/register-page';
import { mockApiForFile, renderAt } from './render';

mockApiForFile();
afterEach(() => {
  cleanup();
  indexedDB.deleteDatabase('btls-drafts');
});

const register = () => renderAt('/register', [{ path: '/register', element: <RegisterPage /> }]);
const value = (label: string) => (screen.getByLabelText(label, { exact: true }) as HTMLInputElement).value;

describe("a registration's draft", () => {
  it('keeps the names and the e-mail after leaving the page, never the passwords', async () => {
    const first = register();
    await userEvent.type(screen.getByLabelText('First Name'), 'Ange');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Keza');
    await userEvent.type(screen.getByLabelText('Email'), 'ange@example.rw');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'kawa-2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'kawa-2026');
    first.unmount();

    register();
    await waitFor(() => expect(value('First Name')).toBe('Ange'));
    expect(value('Last Name')).toBe('Keza');
    expect(value('Email')).toBe('ange@example.rw');
    expect(value('Password')).toBe('');
    expect(value('Confirm Password')).toBe('');
  });
});
