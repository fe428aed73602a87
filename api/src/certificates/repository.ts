/** The certificates' reads and writes: a trainee's list, one by its enrollment or code, issuing and revoking. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { certificates, courses, enrollments, users } from '../db/schema';
import { countAll, searchAny, type Page } from '../http/paging';

export type CertificateRow = typeof certificates.$inferSelect;

/** A page of the trainee's own certificates, newest first; `q` searches course titles and codes. */
export async function pageOfOwnCertificates(db: Db, userId: number, query: Page & { q?: string }) {
  const where = and(
    eq(certificates.userId, userId),
    searchAny(query.q, [certificates.courseTitle, certificates.certificateCode]),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(certificates)
      .where(where)
      .orderBy(desc(certificates.issueDate), desc(certificates.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: countAll }).from(certificates).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The certificate of an enrollment, or undefined. */
export async function certificateOfEnrollment(db: Db, enrollmentId: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.enrollmentId, enrollmentId)).limit(1);
  return row;
}

/** The certificate with this code, or undefined. */
export async function certificateByCode(db: Db, code: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.certificateCode, code)).limit(1);
  return row;
}

/** An enrollment with its course and trainee (what a certificate copies), or undefined. */
export async function enrollmentToCertify(db: Db, enrollmentId: number) {
  const [enrollment] = await db
    .select({ enrollment: enrollments, course: courses, trainee: users })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(users, eq(users.id, enrollments.traineeId))
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  return enrollment;
}

/** A new certificate; its row. */
export async function insertCertificate(tx: Db, values: typeof certificates.$inferInsert) {
  const [inserted] = await tx.insert(certificates).values(values).returning();
  return inserted!;
}

/** Whether the enrollment has a certificate. */
export async function hasCertificate(db: Db, enrollmentId: number): Promise<boolean> {
  const [existing] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(eq(certificates.enrollmentId, enrollmentId))
    .limit(1);
  return !!existing;
}

/** The certificate, revoked by an admin for a reason; its row now. */
export async function revokeCertificate(tx: Db, id: number, reason: string, adminId: number) {
  const [updated] = await tx
    .update(certificates)
    .set({ revokedAt: new Date(), revocationReason: reason, revokedById: adminId })
    .where(eq(certificates.id, id))
    .returning();
  return updated!;
}
