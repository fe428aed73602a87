/** The service worker's rules for the API's reads: decided by the request and the answer's headers. */
import { describe, expect, it } from 'vitest';
import { askNetworkFirst, changesPublicReads, mayKeep, readKind } from '../src/sw/policy';

const origin = 'https://btls.example.rw';
const read = (path: string, { method = 'GET', signedIn = false, at = origin } = {}) =>
  readKind({ method, url: new URL(path, at), origin, signedIn });
const answer = (headers: Record<string, string> = {}, status = 200) => ({ status, headers: new Headers(headers) });

describe("the worker's rules for the API's reads", () => {
  it('answers public and signed-in reads of the API, and leaves writes and other origins to the network', () => {
    expect(read('/api/jobs')).toBe('public');
    expect(read('/api/enrollments/my-applications', { signedIn: true })).toBe('account');
    expect(read('/api/jobs', { method: 'POST' })).toBe('network');
    expect(read('/api/jobs', { at: 'https://cdn.example.com' })).toBe('network');
    expect(read('/courses')).toBe('network');
  });

  it('keeps complete answers only', () => {
    expect(mayKeep('public', answer())).toBe(true);
    expect(mayKeep('public', answer({}, 404))).toBe(false);
    expect(mayKeep('account', answer({}, 500))).toBe(false);
    expect(mayKeep('network', answer())).toBe(false);
  });

  it('never keeps a download: a CV, an export, a credential file', () => {
    const download = { 'Content-Disposition': 'attachment; filename="cv.pdf"', 'Cache-Control': 'private, no-store' };
    expect(mayKeep('account', answer(download))).toBe(false);
    expect(mayKeep('public', answer({ 'Content-Disposition': 'attachment; filename="ABC.json"' }))).toBe(false);
    expect(mayKeep('public', answer({ 'Content-Disposition': 'inline' }))).toBe(true);
  });

  it("keeps no public answer the API forbids storing, and keeps an account's reads in its own cache", () => {
    expect(mayKeep('public', answer({ 'Cache-Control': 'no-store' }))).toBe(false);
    expect(mayKeep('public', answer({ 'Cache-Control': 'public, max-age=60' }))).toBe(true);
    expect(mayKeep('account', answer({ 'Cache-Control': 'no-store' }))).toBe(true);
  });

  it('asks the network first for what the API wants checked every time (a verification)', () => {
    expect(askNetworkFirst(new Headers({ 'Cache-Control': 'no-cache' }))).toBe(true);
    expect(askNetworkFirst(new Headers({ 'Cache-Control': 'Private, No-Cache' }))).toBe(true);
    expect(askNetworkFirst(new Headers({ 'Cache-Control': 'public, max-age=60' }))).toBe(false);
    expect(askNetworkFirst(new Headers())).toBe(false);
  });

  it("has public reads asked again after a write that may change them, not after a sign-in or the page's reports", () => {
    expect(changesPublicReads('/api/jobs')).toBe(true);
    expect(changesPublicReads('/api/enrollments/apply')).toBe(true);
    expect(changesPublicReads('/api/auth/login')).toBe(false);
    expect(changesPublicReads('/api/client-errors')).toBe(false);
  });
});
