// Runs this area on its own (`npm run dev` in this folder) for its team, with the same shared packages.
import '@btls/shared-ui/tokens.css';
import { renderStandalone } from '@btls/shared-auth/standalone';
import AreaRoutes from './expose';

renderStandalone(AreaRoutes);
