// The contract's example answers.
export {
  aCertificate as certificate,
  anEnrollment as application,
  aProgressRecord as record,
} from '@btls/shared-api/fixtures';
