import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { readDraft, useDraft } from '../src/draft';

function Form({ owner, onSent }: { owner: number | null; onSent?: () => void }) {
  const draft = useDraft('contact', owner, { name: '', password: '', cv: null as Blob | null });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        draft.clear();
        onSent?.();
      }}
    >
      {draft.restored && <p>Your draft is back</p>}
      <label>
        Name
        <input value={draft.values.name} onChange={(e) => draft.set('name', e.target.value)} />
      </label>
      <label>
        Password
        <input value={draft.values.password} onChange={(e) => draft.set('password', e.target.value)} />
      </label>
      <label>
        CV
        <input type="file" onChange={(e) => draft.set('cv', e.target.files?.[0] ?? null)} />
      </label>
      <p>{draft.values.cv ? `chosen ${(draft.values.cv as File).name}` : 'no file'}</p>
      <button>Send</button>
    </form>
  );
}

/** A form whose page held text before its script ran: it is put in as the form is taken over (a layout effect). */
function TakenOver({ typed }: { typed: string }) {
  const draft = useDraft('contact', null, { name: '' });
  const { update } = draft;
  useLayoutEffect(() => update({ name: typed }), [update, typed]);
  return (
    <label>
      Name
      <input value={draft.values.name} onChange={(e) => draft.set('name', e.target.value)} />
    </label>
  );
}

describe('useDraft', () => {
  afterEach(() => {
    cleanup();
    indexedDB.deleteDatabase('btls-drafts');
  });

  it('keeps what was typed after leaving the form, never the password, per owner', async () => {
    const user = userEvent.setup();
    const first = render(<Form owner={7} />);
    await user.type(screen.getByLabelText('Name'), 'Aline');
    await user.type(screen.getByLabelText('Password'), 'secret-word');
    first.unmount(); // leaves before the write's pause: written as the form goes

    await waitFor(async () => expect((await readDraft('contact', 7))?.name).toBe('Aline'));
    expect(await readDraft('contact', 7)).not.toHaveProperty('password');

    render(<Form owner={7} />);
    expect(await screen.findByText('Your draft is back')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Aline');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });

  it('shows nothing of one account to another, and forgets the draft once sent', async () => {
    const user = userEvent.setup();
    const mine = render(<Form owner={7} />);
    await user.type(screen.getByLabelText('Name'), 'Aline');
    mine.unmount();
    await waitFor(async () => expect(await readDraft('contact', 7)).toBeTruthy());

    const other = render(<Form owner={8} />);
    await act(async () => {
      await readDraft('contact', 8);
    });
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(screen.queryByText('Your draft is back')).toBeNull();
    other.unmount();

    render(<Form owner={7} />);
    await screen.findByText('Your draft is back');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    await waitFor(async () => expect(await readDraft('contact', 7)).toBeUndefined());
  });

  it('keeps what the page held before its script took the form over', async () => {
    render(<TakenOver typed="Typed early" />);
    await waitFor(async () => expect((await readDraft('contact', null))?.name).toBe('Typed early'));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Typed early');
  });
});
