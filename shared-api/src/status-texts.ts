/**
 * The statuses as shown (issue 19): the data and the API keep the English values, the screens show these
 * texts in the page's language — in badges, filters, and inside the server's texts that name a status
 * ("Application status updated to Approved.", see `translateMessage`).
 */
const STATUS_TEXTS: Partial<Record<string, { id: string; message: string }>> = {
  Pending: /*i18n*/ { id: 'status.pending', message: 'Pending' },
  Approved: /*i18n*/ { id: 'status.approved', message: 'Approved' },
  Rejected: /*i18n*/ { id: 'status.rejected', message: 'Rejected' },
  Waitlisted: /*i18n*/ { id: 'status.waitlisted', message: 'Waitlisted' },
  Completed: /*i18n*/ { id: 'status.completed', message: 'Completed' },
  New: /*i18n*/ { id: 'status.new', message: 'New' },
  Shortlisted: /*i18n*/ { id: 'status.shortlisted', message: 'Shortlisted' },
  Interview: /*i18n*/ { id: 'status.interview', message: 'Interview' },
  Offered: /*i18n*/ { id: 'status.offered', message: 'Offered' },
  Hired: /*i18n*/ { id: 'status.hired', message: 'Hired' },
  'Not selected': /*i18n*/ { id: 'status.notSelected', message: 'Not selected' },
  Withdrawn: /*i18n*/ { id: 'status.withdrawn', message: 'Withdrawn' },
};

/** Whether a value is one of the statuses above (an enrollment's or a job application's). */
export function isKnownStatus(status: string): boolean {
  return STATUS_TEXTS[status] !== undefined;
}

/** A status's text, to translate with `i18n._` (an unknown status shows as it is). */
export function statusText(status: string): { id: string; message: string } {
  return STATUS_TEXTS[status] ?? { id: status, message: status };
}
