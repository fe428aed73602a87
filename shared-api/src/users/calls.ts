import { call, callPage, listQuery, seg, type Page, type PageParams } from '../client';
import type { Language, Role } from '../constants';
import { account } from '../auth/texts';
import { userFallback } from './texts';
import type {
  CertifiedTrainee,
  MessageAnswer,
  Preferences,
  PreferencesPayload,
  ProfilePayload,
  Trainer,
  User,
  UserAnswer,
  UserUpdatePayload,
} from '../schemas';

const signedIn = { bearer: 'required', missingToken: 'Not authorized to fetch users. Please log in.' } as const;

export interface UserListParams extends PageParams {
  role?: Role;
  status?: 'active' | 'inactive';
  /** One user by id. */
  id?: number;
}

/** A page of the users (the first 50 without params), newest first. */
export function listUsers(params?: UserListParams): Promise<User[]> {
  return call({
    operation: 'GET /users',
    path: 'users',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: userFallback.fetchUsers,
  });
}

export function listUsersPage(params?: UserListParams): Promise<Page<User>> {
  return callPage({
    operation: 'GET /users',
    path: 'users',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: userFallback.fetchUsers,
  });
}

export function setUserActive(id: number, isActive: boolean): Promise<UserAnswer> {
  return call({
    operation: 'PUT /users/:id/status',
    path: `users/${seg(id)}/status`,
    auth: signedIn,
    json: { isActive },
    fallback: userFallback.updateUserStatus,
  });
}

export function updateUser(id: number, payload: UserUpdatePayload): Promise<UserAnswer> {
  return call({
    operation: 'PUT /users/:id',
    path: `users/${seg(id)}`,
    auth: signedIn,
    json: payload,
    fallback: userFallback.updateUser,
  });
}

/** `deleteJobs`: the admin confirmed that an employer's job postings are deleted with the account. */
export function deleteUser(id: number, options: { deleteJobs?: boolean } = {}): Promise<MessageAnswer> {
  return call({
    operation: 'DELETE /users/:id',
    path: `users/${seg(id)}`,
    auth: signedIn,
    ...(options.deleteJobs ? { searchParams: { deleteJobs: 'true' } } : {}),
    fallback: userFallback.deleteUser,
  });
}

export function listTrainers(): Promise<Trainer[]> {
  return call({
    operation: 'GET /users/trainers',
    path: 'users/trainers',
    auth: signedIn,
    fallback: () => userFallback.fetchTrainers,
  });
}

export function listCertifiedTrainees(params?: PageParams): Promise<CertifiedTrainee[]> {
  return call({
    operation: 'GET /users/certified-trainees',
    path: 'users/certified-trainees',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: userFallback.fetchCertifiedTrainees,
  });
}

export function listCertifiedTraineesPage(params?: PageParams): Promise<Page<CertifiedTrainee>> {
  return callPage({
    operation: 'GET /users/certified-trainees',
    path: 'users/certified-trainees',
    auth: signedIn,
    searchParams: listQuery(params),
    fallback: userFallback.fetchCertifiedTrainees,
  });
}

/** Changes only the caller's own names and company fields; the answer's user is merged into the session. */
export function updateMyProfile(payload: ProfilePayload): Promise<UserAnswer> {
  return call({
    operation: 'PUT /users/me/profile',
    path: 'users/me/profile',
    auth: signedIn,
    json: payload,
    fallback: () => userFallback.updateProfile,
  });
}

/** Saves the caller's language on their profile: their e-mails come in it, other devices start in it. */
export function saveMyLanguage(language: Language): Promise<{ message: string; preferences: Preferences }> {
  return updateMyPreferences({ language });
}

/** The caller's own settings: non-essential e-mails, and being shown in the talent search. */
export function getMyPreferences(): Promise<Preferences> {
  return call({
    operation: 'GET /users/me/preferences',
    path: 'users/me/preferences',
    auth: signedIn,
    fallback: () => account.failedPreferences,
  });
}

export function updateMyPreferences(
  payload: PreferencesPayload,
): Promise<{ message: string; preferences: Preferences }> {
  return call({
    operation: 'PUT /users/me/preferences',
    path: 'users/me/preferences',
    auth: signedIn,
    json: payload,
    fallback: () => account.failedPreferences,
  });
}

/** An admin e-mails a user a password reset link. */
export function sendPasswordResetLink(id: number): Promise<MessageAnswer> {
  return call({
    operation: 'POST /users/:id/reset-link',
    path: `users/${seg(id)}/reset-link`,
    auth: signedIn,
    fallback: () => account.failedForgotPassword,
  });
}
