import { call } from './client';
import { fallback, validation } from './messages';
import type { AuthAnswer, LoginPayload, RegisterPayload } from './schemas';

export type TraineeRegistration = Omit<RegisterPayload, 'role' | 'companyName'>;
export type EmployerRegistration = Omit<RegisterPayload, 'role'> & { companyName: string };

/** Trainee sign-up; the answer carries a token and the user (spec §4: it signs in). */
export function registerTrainee(payload: TraineeRegistration): Promise<AuthAnswer> {
  return call({ method: 'post', path: 'auth/register', auth: { bearer: 'none' }, json: payload, fallback: () => fallback.register });
}

/** Company sign-up from /employer/register; the role is fixed to employer. */
export function registerEmployer(payload: EmployerRegistration): Promise<AuthAnswer> {
  return call({
    method: 'post',
    path: 'auth/register',
    auth: { bearer: 'none' },
    json: { ...payload, role: 'employer' },
    fallback: () => fallback.registerCompany,
  });
}

/** An admin creates a user of any role; the answer carries no token (the admin stays signed in as themself). */
export function createUser(payload: RegisterPayload): Promise<AuthAnswer> {
  return call({
    method: 'post',
    path: 'auth/register',
    auth: { bearer: 'required', missingToken: fallback.createUser },
    json: payload,
    fallback: () => fallback.createUser,
  });
}

/** Succeeds only when the answer carries both a user and a token (spec §5). */
export async function login(payload: LoginPayload): Promise<Required<AuthAnswer>> {
  const answer = await call<Partial<AuthAnswer>>({
    method: 'post',
    path: 'auth/login',
    auth: { bearer: 'none' },
    json: payload,
    fallback: () => fallback.login,
  });
  if (!answer.token || !answer.user) {
    console.error(validation.loginInvalidResponse);
    throw new Error(validation.loginInvalidResponse);
  }
  return answer as Required<AuthAnswer>;
}
