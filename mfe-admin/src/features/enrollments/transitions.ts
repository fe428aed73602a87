import type { EnrollmentStatus } from '@btls/shared-api';
import type { Enrollment } from '@btls/shared-api/schemas';

/** docs/product.md §4: each admin action and the statuses it is *not* offered for. Completed allows notes only. */
/** `label` is the English (the product's word); `text` the same to translate with `i18n._` where it is shown. */
export const ADMIN_ACTIONS: {
  label: string;
  text: { id: string; message: string };
  to: EnrollmentStatus;
  unlessStatus: EnrollmentStatus[];
}[] = [
  {
    label: 'Approve',
    text: /*i18n*/ { id: 'admin.enrollments.action.approve', message: 'Approve' },
    to: 'Approved',
    unlessStatus: ['Approved', 'Completed'],
  },
  {
    label: 'Reject',
    text: /*i18n*/ { id: 'admin.enrollments.action.reject', message: 'Reject' },
    to: 'Rejected',
    unlessStatus: ['Rejected', 'Completed'],
  },
  {
    label: 'Waitlist',
    text: /*i18n*/ { id: 'admin.enrollments.action.waitlist', message: 'Waitlist' },
    to: 'Waitlisted',
    unlessStatus: ['Waitlisted', 'Completed'],
  },
  {
    label: 'Move to Pending',
    text: /*i18n*/ { id: 'admin.enrollments.action.pending', message: 'Move to Pending' },
    to: 'Pending',
    unlessStatus: ['Pending', 'Completed'],
  },
];

export const actionsFor = (status: EnrollmentStatus) => ADMIN_ACTIONS.filter((a) => !a.unlessStatus.includes(status));

export const showsProgressLink = (e: Pick<Enrollment, 'status'>) => e.status === 'Approved' || e.status === 'Completed';

export const offersAssignTrainer = (e: Pick<Enrollment, 'status' | 'assignedTrainerId'>) =>
  e.status === 'Approved' && !e.assignedTrainerId;
