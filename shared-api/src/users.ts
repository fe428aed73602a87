import { call, seg } from './client';
import { account, fallback } from './messages';
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
} from './schemas';

const signedIn = { bearer: 'required', missingToken: 'Not authorized to fetch users. Please log in.' } as const;

export function listUsers(): Promise<User[]> {
  return call({ method: 'get', path: 'users', auth: signedIn, fallback: fallback.fetchUsers });
}

export function setUserActive(id: number, isActive: boolean): Promise<UserAnswer> {
  return call({
    method: 'put',
    path: `users/${seg(id)}/status`,
    auth: signedIn,
    json: { isActive },
    fallback: fallback.updateUserStatus,
  });
}

export function updateUser(id: number, payload: UserUpdatePayload): Promise<UserAnswer> {
  return call({ method: 'put', path: `users/${seg(id)}`, auth: signedIn, json: payload, fallback: fallback.updateUser });
}

export function deleteUser(id: number): Promise<MessageAnswer> {
  return call({ method: 'delete', path: `users/${seg(id)}`, auth: signedIn, fallback: fallback.deleteUser });
}

export function listTrainers(): Promise<Trainer[]> {
  return call({ method: 'get', path: 'users/trainers', auth: signedIn, fallback: () => fallback.fetchTrainers });
}

export function listCertifiedTrainees(): Promise<CertifiedTrainee[]> {
  return call({
    method: 'get',
    path: 'users/certified-trainees',
    auth: signedIn,
    fallback: fallback.fetchCertifiedTrainees,
  });
}

/** Changes only the caller's own names and company fields; the answer's user is merged into the session. */
export function updateMyProfile(payload: ProfilePayload): Promise<UserAnswer> {
  return call({
    method: 'put',
    path: 'users/me/profile',
    auth: signedIn,
    json: payload,
    fallback: () => fallback.updateProfile,
  });
}

/** The caller's own settings: non-essential e-mails, and being shown in the talent search. */
export function getMyPreferences(): Promise<Preferences> {
  return call({ method: 'get', path: 'users/me/preferences', auth: signedIn, fallback: () => account.failedPreferences });
}

export function updateMyPreferences(payload: PreferencesPayload): Promise<{ message: string; preferences: Preferences }> {
  return call({
    method: 'put',
    path: 'users/me/preferences',
    auth: signedIn,
    json: payload,
    fallback: () => account.failedPreferences,
  });
}

/** An admin e-mails a user a password reset link. */
export function sendPasswordResetLink(id: number): Promise<MessageAnswer> {
  return call({
    method: 'post',
    path: `users/${seg(id)}/reset-link`,
    auth: signedIn,
    fallback: () => account.failedSendResetLink,
  });
}
