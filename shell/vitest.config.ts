import { componentTestConfig } from '../build-config/vitest';

export default componentTestConfig();
