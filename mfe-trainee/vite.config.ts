import { remoteViteConfig } from '../build-config/vite';

export default remoteViteConfig('trainee');
