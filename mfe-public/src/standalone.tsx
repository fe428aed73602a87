// Runs this area on its own (`npm run dev` in this folder) for its team, with the same shared packages.
import '@btls/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider, BrowserRouter } from '@btls/shared-auth';
import AreaRoutes from './expose';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AuthProvider>
        <AreaRoutes />
      </AuthProvider>
    </BrowserRouter>
  </StrictMode>,
);
