/**
 * The certificates of completed trainings: the trainee's own, issuing and revoking (admins), and the public
 * check of a code. The reads and writes are in certificates/repository.ts.
 */
import { coded } from '@btls/shared-api/codes';
import { messageCatalogue as texts } from '@btls/shared-api/messages';
import { credentialCheck, validation } from '@btls/shared-api/messages';
import {
  certificateAnswerSchema,
  certificateSchema,
  certificateVerificationSchema,
  issueCertificatePayloadSchema,
  pageQuerySchema,
  revokeCertificatePayloadSchema,
} from '@btls/shared-api/schemas';
import { newCertificateCode } from '../certificate-code';
import type { Deps } from '../deps';
import { answers, codeParams, idParams, type Api } from '../http/contract';
import { signedCredentialOf } from '../credentials/open-badge';
import { changeStatusList } from '../credentials/status-list';
import { isUniqueViolation } from '../db/client';
import { enrollmentVisibleTo } from '../enrollment-access';
import { conflict, notFound } from '../http/errors';
import { setPageHeaders } from '../http/paging';
import {
  certificateByCode,
  certificateOfEnrollment,
  enrollmentToCertify,
  hasCertificate,
  insertCertificate,
  pageOfOwnCertificates,
  revokeCertificate,
} from '../certificates/repository';
import { toCertificate } from '../serialize';

export function certificateRoutes(app: Api, { db, auth, notify, limiters, issuer }: Deps) {
  app.get(
    '/certificates/user',
    {
      preValidation: auth.guard(['trainee']),
      schema: {
        summary: "The trainee's own certificates, newest first (paged).",
        querystring: pageQuerySchema,
        response: answers({ 200: certificateSchema.array() }),
      },
    },
    async (request, reply) => {
      const me = auth.caller(request);
      const query = request.query;
      const { rows, total } = await pageOfOwnCertificates(db, me.id, query);
      setPageHeaders(request, reply, query, rows.length, total);
      return rows.map(toCertificate);
    },
  );

  /** 404 means none was issued yet. Visible to whoever may see the enrollment. */
  app.get(
    '/certificates/enrollment/:enrollmentId',
    {
      preValidation: auth.guard(),
      schema: {
        summary: "An enrollment's certificate (404 when none was issued yet).",
        params: idParams('enrollmentId', texts.enrollment.invalidEnrollmentId),
        response: answers({ 200: certificateSchema }),
      },
    },
    async (request) => {
      const me = auth.caller(request);
      const enrollment = await enrollmentVisibleTo(db, me, request.params.enrollmentId);
      const row = await certificateOfEnrollment(db, enrollment.id);
      if (!row) throw notFound(texts.certificate.noneForEnrollment);
      return toCertificate(row);
    },
  );

  /**
   * Only for a Completed enrollment whose trainee and course match the payload; at most one per enrollment
   * (a unique index, so two admins clicking at once still get one). Names are copied as they are today.
   */
  app.post(
    '/certificates/issue',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Issue the certificate of a Completed enrollment.',
        body: issueCertificatePayloadSchema,
        response: answers({ 201: certificateAnswerSchema }, [404]),
      },
    },
    async (request, reply) => {
      const admin = auth.caller(request);
      const payload = request.body;
      const enrollment = await enrollmentToCertify(db, payload.enrollmentApplicationId);
      if (!enrollment) throw notFound(texts.enrollment.notFound);
      if (enrollment.enrollment.status !== 'Completed') throw conflict(validation.certificateOnlyCompleted);
      if (enrollment.trainee.id !== payload.userId || enrollment.course.id !== payload.courseId) {
        throw conflict(texts.certificate.mismatch);
      }
      const values = {
        enrollmentId: enrollment.enrollment.id,
        userId: enrollment.trainee.id,
        courseId: enrollment.course.id,
        traineeFirstName: enrollment.trainee.firstName,
        traineeLastName: enrollment.trainee.lastName,
        courseTitle: enrollment.course.title,
        courseDuration: enrollment.course.duration,
        courseTrainingCenter: enrollment.course.trainingCenter,
        issuedByAdminId: admin.id,
        issuedByAdminFirstName: admin.firstName,
        issuedByAdminLastName: admin.lastName,
      };
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await db.transaction(async (tx) => {
            const inserted = await insertCertificate(tx, { ...values, certificateCode: newCertificateCode() });
            await notify.certificateIssued(tx, enrollment.trainee, inserted.courseTitle, inserted.certificateCode);
            return inserted;
          });
          // Signed now, with the assessments as they are; if signing fails, the first download signs it.
          await signedCredentialOf(db, issuer, row).catch((error: Error) => request.log.error(error));
          reply.status(201);
          return { ...coded('notice.certificateIssued'), certificate: toCertificate(row!) };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (await hasCertificate(db, values.enrollmentId)) throw conflict(texts.certificate.alreadyIssued);
          if (attempt >= 2) throw error; // the code collided thrice: something else is wrong
        }
      }
    },
  );

  /**
   * Public verification (no login): a genuine code answers the trainee's name, the course, the issue date
   * and the issuer, and nothing else. Rate-limited per address, so codes cannot be enumerated.
   */
  app.get(
    '/certificates/verify/:certificateCode',
    {
      preValidation: (request) => limiters.verifyIp.enforce(request.ip),
      schema: {
        summary: 'Public check of a certificate code (rate-limited per address).',
        params: codeParams,
        response: answers({ 200: certificateVerificationSchema }, [429]),
      },
    },
    async (request, reply) => {
      // Checked again at every look (a phone's worker asks the network first): a revocation shows at once.
      reply.header('Cache-Control', 'no-cache');
      const row = await certificateByCode(db, request.params.certificateCode);
      if (!row) throw notFound(texts.certificate.invalidCode);
      // A revoked certificate is not valid: a client that reads one field must not accept it.
      const revoked = row.revokedAt !== null;
      return {
        valid: !revoked,
        certificateCode: row.certificateCode,
        traineeName: `${row.traineeFirstName} ${row.traineeLastName}`,
        courseTitle: row.courseTitle,
        issueDate: row.issueDate.toISOString(),
        issuedBy: `${row.issuedByAdminFirstName} ${row.issuedByAdminLastName}`,
        revoked,
        errors: revoked ? [credentialCheck.revoked] : [],
      };
    },
  );

  /**
   * Admins only, with a reason. The revocation and the re-signed status list are one transaction, so the
   * public list never disagrees with the certificate. Revoking twice is a conflict.
   */
  app.post(
    '/certificates/:certificateCode/revoke',
    {
      preValidation: auth.guard(['admin']),
      schema: {
        summary: 'Revoke a certificate, with a reason; the public revocation list changes with it.',
        params: codeParams,
        body: revokeCertificatePayloadSchema,
        response: answers({ 200: certificateAnswerSchema }),
      },
    },
    async (request) => {
      // A revocation cannot be undone: the admin is asked again first.
      auth.requireRecentProof(request);
      const admin = auth.caller(request);
      const { reason } = request.body;
      const code = request.params.certificateCode;
      const revoked = await changeStatusList(db, issuer, async (tx) => {
        const row = await certificateByCode(tx, code);
        if (!row) throw notFound(texts.certificate.notFound);
        if (row.revokedAt) throw conflict(texts.certificate.alreadyRevoked);
        return revokeCertificate(tx, row.id, reason, admin.id);
      });
      return { ...coded('notice.certificateRevoked'), certificate: toCertificate(revoked) };
    },
  );

  /** Any signed-in user holding the (unguessable) code: the trainee, an employer checking it, an admin. */
  app.get(
    '/certificates/code/:certificateCode',
    {
      preValidation: auth.guard(),
      schema: {
        summary: 'A certificate by its code, for any signed-in user holding it.',
        params: codeParams,
        response: answers({ 200: certificateSchema }),
      },
    },
    async (request) => {
      const row = await certificateByCode(db, request.params.certificateCode);
      if (!row) throw notFound(texts.certificate.notFound);
      return toCertificate(row);
    },
  );
}
