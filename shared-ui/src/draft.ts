/**
 * A form's draft kept on this phone: what was typed (and a chosen file) survives a refusal, a failed send without
 * network, leaving the page and coming back, or a reload, until the form is sent and calls `clear()`.
 *
 *     const draft = useDraft('contact', user?.id ?? null, { name: '', email: '', message: '' });
 *     <TextField value={draft.values.name} onChange={(e) => draft.set('name', e.target.value)} />
 *     if (draft.restored) <p>{words for "your unsent draft is back"}</p>
 *     after a successful send: draft.clear();
 *
 * - `form` names the form (and what it is about: `job-application:7`, `course-application:3`); one draft each.
 * - `owner` is whose draft it is: the signed-in user's id, or null for a visitor. Another account on the same
 *   phone never reads it (each owner has its own drafts); a visitor's draft is not shown to a signed-in user.
 * - `initial` gives the fields and their empty values. Strings, numbers, booleans, arrays of them, null and
 *   files (a `File`/`Blob`: IndexedDB keeps them) are kept. A field whose name says password is never stored.
 * - Kept in IndexedDB (a store of its own), written a moment after each change and when the form goes away;
 *   a phone without IndexedDB (a private window of some browsers) keeps nothing, and the form works as before.
 * - Until the stored draft is read, `values` are `initial`; it is then put in the form unless something was
 *   typed meanwhile. `restored` tells whether a draft came back (to say so beside the form).
 * - `clear()` forgets the draft and resets the fields to `initial`; `discard` is its other name for a form's
 *   "Discard draft" button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createStore, del, get, set as put, type UseStore } from 'idb-keyval';

export type DraftValue = string | number | boolean | null | Blob | readonly (string | number)[];
export type DraftFields = Record<string, DraftValue>;

export interface Draft<T extends DraftFields> {
  values: T;
  set: <K extends keyof T>(field: K, value: T[K]) => void;
  /** Several fields at once (a form's own reset, values the server answered). */
  update: (values: Partial<T>) => void;
  /** A draft kept on this phone was put back in the form. */
  restored: boolean;
  clear: () => void;
  discard: () => void;
}

/** How long after the last change the draft is written (typing writes once, not at each key). */
const WRITE_AFTER_MS = 300;
const NEVER_KEPT = /pass(word|code|phrase)?$|password/i;

let store: UseStore | undefined | null;
function draftStore(): UseStore | null {
  if (store !== undefined) return store;
  try {
    store = typeof indexedDB === 'undefined' ? null : createStore('btls-drafts', 'drafts');
  } catch {
    store = null;
  }
  return store;
}

const keyOf = (form: string, owner: number | string | null) => `${owner ?? 'visitor'}:${form}`;

/** What of a form is kept: everything but passwords. */
function keptPart<T extends DraftFields>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !NEVER_KEPT.test(field))) as Partial<T>;
}

const isEmpty = (value: DraftValue) =>
  value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);

/** The draft kept for a form (tests, and a page that shows that a draft waits without opening the form). */
export async function readDraft<T extends DraftFields>(
  form: string,
  owner: number | string | null,
): Promise<Partial<T> | undefined> {
  const where = draftStore();
  if (!where) return undefined;
  try {
    return await get<Partial<T>>(keyOf(form, owner), where);
  } catch {
    return undefined;
  }
}

/** Puts a draft in place for a form not shown yet (a refused write given back to its form to fix). */
export async function writeDraft(form: string, owner: number | string | null, values: DraftFields): Promise<void> {
  const where = draftStore();
  if (where) await put(keyOf(form, owner), keptPart(values), where).catch(() => undefined);
}

/** Forgets a form's draft (the form was sent elsewhere: from the phone's queue of writes). */
export async function forgetDraft(form: string, owner: number | string | null): Promise<void> {
  const where = draftStore();
  if (where) await del(keyOf(form, owner), where).catch(() => undefined);
}

export function useDraft<T extends DraftFields>(form: string, owner: number | string | null, initial: T): Draft<T> {
  const key = keyOf(form, owner);
  const [values, setValues] = useState<T>(initial);
  const [restored, setRestored] = useState(false);
  const latest = useRef(values);
  const typed = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const initialRef = useRef(initial);
  initialRef.current = initial;

  const write = useCallback(() => {
    pending.current = undefined;
    const where = draftStore();
    if (!where) return;
    const kept = keptPart(latest.current);
    const empty = Object.values(kept).every((value) => isEmpty(value as DraftValue));
    void (empty ? del(key, where) : put(key, kept, where)).catch(() => undefined);
  }, [key]);

  // Read once per form and owner: another owner starts from the empty form.
  const shownFor = useRef(key);
  useEffect(() => {
    let live = true;
    // Another form or owner starts from the empty form; the first one keeps what the page already holds (text
    // typed into the server's page before its script took it over, put in before this effect runs).
    if (shownFor.current !== key) {
      shownFor.current = key;
      typed.current = false;
      latest.current = initialRef.current;
      setValues(initialRef.current);
      setRestored(false);
    }
    void readDraft<T>(form, owner).then((kept) => {
      if (!live || !kept || typed.current) return;
      const next = { ...initialRef.current, ...keptPart(kept as T) } as T;
      if (Object.values(keptPart(next)).every((value) => isEmpty(value as DraftValue))) return;
      latest.current = next;
      setValues(next);
      setRestored(true);
    });
    return () => {
      live = false;
    };
  }, [key, form, owner]);

  // Leaving the form writes what a waiting write had not yet.
  useEffect(
    () => () => {
      if (pending.current) {
        clearTimeout(pending.current);
        write();
      }
    },
    [write],
  );

  const update = useCallback(
    (changes: Partial<T>) => {
      typed.current = true;
      latest.current = { ...latest.current, ...changes };
      setValues(latest.current);
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(write, WRITE_AFTER_MS);
    },
    [write],
  );
  const setField = useCallback(
    <K extends keyof T>(field: K, value: T[K]) => update({ [field]: value } as unknown as Partial<T>),
    [update],
  );
  const clear = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = undefined;
    typed.current = true;
    latest.current = initialRef.current;
    setValues(initialRef.current);
    setRestored(false);
    const where = draftStore();
    if (where) void del(key, where).catch(() => undefined);
  }, [key]);

  return { values, set: setField, update, restored, clear, discard: clear };
}
