/**
 * A worker thread of password hashing (see ../auth.ts): argon2id computed on this thread itself (the library's
 * synchronous calls), never on Node's shared thread pool, where compression and file reads queue too.
 */
import { hashSync, verifySync } from '@node-rs/argon2';

export type PasswordTask = { hash: string } | { verify: { hash: string; password: string } };

export default function passwords(task: PasswordTask): string | boolean {
  if ('hash' in task) return hashSync(task.hash);
  try {
    return verifySync(task.verify.hash, task.verify.password);
  } catch {
    // Not an argon2 hash at all: no password matches it.
    return false;
  }
}
