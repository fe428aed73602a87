/** The contact form's draft: kept on the phone until the message is sent, said so when it cannot be sent. */
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from '../src/features/contact/contact-page';
import { API, http, renderAt, server, mockApiForFile } from './render';

mockApiForFile();
afterEach(() => {
  cleanup();
  indexedDB.deleteDatabase('btls-drafts');
});

const contact = () => renderAt('/contact', [{ path: '/contact', element: <ContactPage /> }]);

describe("the contact form's draft", () => {
  it('not sent without network: says so, and the message is still there after leaving and coming back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.post(`${API}/contact`, () => HttpResponse.error()));
    const first = contact();
    await userEvent.type(screen.getByLabelText('Name'), 'Olivier');
    await userEvent.type(screen.getByLabelText('Email'), 'olivier@example.rw');
    await userEvent.type(screen.getByLabelText('Subject'), 'Group training');
    await userEvent.type(screen.getByLabelText('Message'), 'Ten staff in March?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not sent: you are offline. What you wrote is kept on this phone; send it again once you are back online.',
    );
    first.unmount();

    contact();
    expect(await screen.findByText('Your message as you left it: it has not been sent yet.')).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Ten staff in March?');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('olivier@example.rw');
  });
});
