/**
 * The session as the screens use it: the kernel's one store (`@btls/kernel`), with signing in and up, which
 * are calls of the contract and so ship with each area.
 */
import {
  login as loginCall,
  registerTrainee,
  SITE_DATA_BLOCKED,
  type Role,
  type TraineeRegistration,
} from '@btls/shared-api';
import type { LoginPayload, User } from '@btls/shared-api/schemas';
import { useSession } from '@btls/kernel';

export {
  AuthProvider,
  SESSION_HINT_COOKIE,
  sessionHintOf,
  useSessionStore,
  type SessionHint,
  type SessionStatus,
} from '@btls/kernel';

export function useAuth() {
  const { signIn: keep, signOut, updateUser, user, ...session } = useSession();
  /** The kernel keeps the answer; a browser that refuses site data cannot, and the user is told why. */
  const signIn = (answer: Parameters<typeof keep>[0]) => {
    try {
      return keep(answer);
    } catch {
      throw new Error(SITE_DATA_BLOCKED);
    }
  };
  return {
    ...session,
    /** The signed-in user as the API describes them (the kernel keeps the whole answer). */
    user: user as User | null,
    /** Their role, one of the contract's (the kernel keeps it as a word). */
    role: session.role as Role | null,
    signOut,
    updateUser: updateUser as (fields: Partial<User>) => void,
    /** A failed login clears any stored session (docs/product.md §4). */
    async login(payload: LoginPayload) {
      try {
        const answer = await loginCall(payload);
        signIn(answer);
        return answer;
      } catch (error) {
        signOut();
        throw error;
      }
    },
    /** Trainee sign-up: an answer with a token and a user signs in. */
    async register(payload: TraineeRegistration) {
      const answer = await registerTrainee(payload);
      signIn(answer);
      return answer;
    },
  };
}
