import { describe, expect, it } from 'vitest';
import { imageProblem } from '../src/features/courses/course-form';
import { actionsFor, offersAssignTrainer, showsProgressLink } from '../src/features/enrollments/transitions';
import { newUserProblem } from '../src/features/users/use-user-forms';
import { allowedActions } from '../src/features/users/users-page';
import { user } from './fixtures';

describe('the admin transition table (docs/product.md §4)', () => {
  it.each([
    ['Pending', ['Approve', 'Reject', 'Waitlist']],
    ['Approved', ['Reject', 'Waitlist', 'Move to Pending']],
    ['Rejected', ['Approve', 'Waitlist', 'Move to Pending']],
    ['Waitlisted', ['Approve', 'Reject', 'Move to Pending']],
    ['Completed', []],
  ] as const)('offers for %s: %j', (status, labels) => {
    expect(actionsFor(status).map((a) => a.label)).toEqual(labels);
  });

  it('shows the progress link for Approved or Completed, and Assign Trainer for Approved without a trainer', () => {
    expect(showsProgressLink({ status: 'Approved' })).toBe(true);
    expect(showsProgressLink({ status: 'Completed' })).toBe(true);
    expect(showsProgressLink({ status: 'Pending' })).toBe(false);
    expect(offersAssignTrainer({ status: 'Approved', assignedTrainerId: null })).toBe(true);
    expect(offersAssignTrainer({ status: 'Approved', assignedTrainerId: 4 })).toBe(false);
    expect(offersAssignTrainer({ status: 'Pending', assignedTrainerId: null })).toBe(false);
  });
});

describe('user restrictions (docs/product.md §6)', () => {
  const me = user({ role: 'admin' });
  it('never lets an admin deactivate or delete their own account', () => {
    expect(allowedActions(me, me)).toEqual({ toggle: false, delete: false });
  });
  it('lets an inactive admin be activated again and hides delete for admin accounts', () => {
    expect(allowedActions(user({ role: 'admin', isActive: false }), me)).toEqual({ toggle: true, delete: false });
    expect(allowedActions(user({ role: 'admin' }), me)).toEqual({ toggle: true, delete: false });
    expect(allowedActions(user({ role: 'trainer' }), me)).toEqual({ toggle: true, delete: true });
  });
});

describe('validation texts (docs/product.md §5)', () => {
  const ok = { firstName: 'Aline', lastName: 'Uwase', email: 'a@b.rw', password: 'secret1', role: 'trainer' };
  it.each([
    [{ ...ok, lastName: ' ' }, 'Please fill in all required fields.', 'lastName'],
    [{ ...ok, firstName: '12345' }, 'Field cannot contain only numbers.', 'firstName'],
    [{ ...ok, email: 'not-an-email' }, 'Please enter a valid email address.', 'email'],
    [{ ...ok, password: '12345' }, 'Password must be at least 6 characters long.', 'password'],
    [{ ...ok, role: 'owner' }, 'Invalid role selected.', 'role'],
  ])('create user %#: the problem and the field it is about', async (form, problem, field) => {
    expect(await newUserProblem(form)).toMatchObject({ problem, field, problems: [{ message: problem, field }] });
  });
  it("create user: every field's problem at once", async () => {
    expect((await newUserProblem({ ...ok, email: 'not-an-email', password: '12345' }))?.problems).toEqual([
      { message: 'Please enter a valid email address.', field: 'email' },
      { message: 'Password must be at least 6 characters long.', field: 'password' },
    ]);
  });
  it('lets a complete new user through', async () => {
    expect(await newUserProblem(ok)).toBeNull();
  });

  it('checks course images by type and size', () => {
    expect(imageProblem(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(
      'Invalid file type. Please upload an image.',
    );
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' });
    expect(imageProblem(big)).toBe('File is too large. Max size is 5MB.');
    expect(imageProblem(new File([new Uint8Array(10)], 'ok.webp', { type: 'image/webp' }))).toBeNull();
  });
});
