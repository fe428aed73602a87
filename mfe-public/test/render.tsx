export {
  answer,
  API,
  http,
  pagedAnswer,
  renderAt,
  server,
  mockApiForFile,
  useTestApi as useApi,
} from '@btls/shared-auth/testing';

export { aCourse as course, aJob as job } from '@btls/shared-api/fixtures';
