import { expectRefusedOn } from '@btls/shared-auth/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactPage } from '../src/features/contact/contact-page';
import { answer, API, http, renderAt, server, mockApiForFile } from './render';

mockApiForFile();

async function fill() {
  await userEvent.type(screen.getByLabelText('Name'), 'Olivier');
  await userEvent.type(screen.getByLabelText('Email'), 'olivier@example.rw');
  await userEvent.type(screen.getByLabelText('Subject'), 'Group training');
  await userEvent.type(screen.getByLabelText('Message'), 'Ten staff in March?');
}

describe('the contact page', () => {
  it('shows the office, e-mail, two phone numbers and a lazily loaded map', () => {
    renderAt('/contact', [{ path: '/contact', element: <ContactPage /> }]);
    expect(screen.getByText(/Kigali, Rwanda/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^\+250/ })).toHaveLength(2);
    expect(screen.getByTitle(/Map of the training centre/).getAttribute('loading')).toBe('lazy');
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
  });

  it('sends the message, thanks the visitor and clears the form', async () => {
    let sent: unknown;
    server.use(
      http.post(`${API}/contact`, async ({ request }) => {
        sent = await request.json();
        return answer({ message: 'ok' }, 201)();
      }),
    );
    renderAt('/contact', [{ path: '/contact', element: <ContactPage /> }]);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thank you for your message! We will get back to you shortly.')).toBeTruthy();
    expect(sent).toEqual({
      name: 'Olivier',
      email: 'olivier@example.rw',
      subject: 'Group training',
      message: 'Ten staff in March?',
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('names the first field left empty beside it, with the keyboard there; nothing is sent', async () => {
    let posted = false;
    server.use(http.post(`${API}/contact`, () => ((posted = true), answer({ message: 'ok' }, 201)())));
    renderAt('/contact', [{ path: '/contact', element: <ContactPage /> }]);
    await userEvent.type(screen.getByLabelText('Name'), 'Olivier');
    await userEvent.type(screen.getByLabelText('Email'), 'olivier@example.rw');
    await userEvent.type(screen.getByLabelText('Message'), 'Ten staff in March?');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await expectRefusedOn('Subject', 'This field is required.');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Ten staff in March?');
    expect(posted).toBe(false);
  });

  it('puts the server’s refusal of an address beside the e-mail field', async () => {
    server.use(
      http.post(`${API}/contact`, () =>
        Response.json(
          {
            message: 'Please enter a valid email address.',
            code: 'validation.invalidEmail',
            params: { field: 'email' },
          },
          { status: 400 },
        ),
      ),
    );
    renderAt('/contact', [{ path: '/contact', element: <ContactPage /> }]);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await expectRefusedOn('Email', 'Please enter a valid email address.');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Olivier');
  });

  it("keeps the form and shows 'An error occurred. Please try again.' when sending fails", async () => {
    server.use(http.post(`${API}/contact`, () => new Response(null, { status: 500 })));
    renderAt('/contact', [{ path: '/contact', element: <ContactPage /> }]);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Ten staff in March?');
  });
});
