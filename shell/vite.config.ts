import { shellViteConfig } from '../build-config/vite';

export default shellViteConfig();
