/**
 * The contract (docs/product.md §3 entities, docs/product.md §7 payloads and answers) as zod schemas. The API validates every request
 * with these; the client imports only their inferred types, so zod never reaches the browser through the
 * API client.
 */
export * from './schemas/blocks';
export * from './schemas/users';
export * from './schemas/courses';
export * from './schemas/enrollments';
export * from './schemas/progress';
export * from './schemas/certificates';
export * from './schemas/jobs';
export * from './schemas/contact';
export * from './schemas/job-applications';
export * from './schemas/outbox';
export * from './schemas/releases';
