/**
 * The contract (docs/product.md §3 entities, docs/product.md §7 payloads and answers) as zod schemas, each in its
 * resource's folder. The API validates every request with these; the client imports only their inferred types,
 * so zod never reaches the browser through the API client.
 */
export * from './schema-blocks';
export * from './content-languages';
export * from './users/schemas';
export * from './auth/schemas';
export * from './courses/schemas';
export * from './enrollments/schemas';
export * from './progress/schemas';
export * from './certificates/schemas';
export * from './jobs/schemas';
export * from './contact/schemas';
export * from './job-applications/schemas';
export * from './outbox/schemas';
export * from './releases/schemas';
