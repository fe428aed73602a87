import type { EnrollmentStatus } from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';

/** Spec §4: each admin action and the statuses it is *not* offered for. Completed allows notes only. */
export const ADMIN_ACTIONS: { label: string; to: EnrollmentStatus; unlessStatus: EnrollmentStatus[] }[] = [
  { label: 'Approve', to: 'Approved', unlessStatus: ['Approved', 'Completed'] },
  { label: 'Reject', to: 'Rejected', unlessStatus: ['Rejected', 'Completed'] },
  { label: 'Waitlist', to: 'Waitlisted', unlessStatus: ['Waitlisted', 'Completed'] },
  { label: 'Move to Pending', to: 'Pending', unlessStatus: ['Pending', 'Completed'] },
];

export const actionsFor = (status: EnrollmentStatus) => ADMIN_ACTIONS.filter((a) => !a.unlessStatus.includes(status));

export const showsProgressLink = (e: Pick<Enrollment, 'status'>) => e.status === 'Approved' || e.status === 'Completed';

export const offersAssignTrainer = (e: Pick<Enrollment, 'status' | 'assignedTrainerId'>) =>
  e.status === 'Approved' && !e.assignedTrainerId;
