/** A worker thread of the credential check (see ../credentials/check.ts): one credential per task. */
import { checkOpenBadge, type IssuerIdentity } from '../credentials/check';

export default function verifyCredential(task: {
  credential: Record<string, unknown>;
  issuer: IssuerIdentity;
  statusList: string;
}) {
  return checkOpenBadge(task.credential, task.issuer, task.statusList);
}
