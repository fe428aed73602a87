/**
 * A remote on its own (`npm run dev` in its folder), for its team: its routes under the same router and
 * session as in the shell, with the same shared packages. Each remote's `src/standalone.tsx` is one call.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider, BrowserRouter } from '@btls/kernel';

export function renderStandalone(AreaRoutes: ComponentType) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <AuthProvider>
          <AreaRoutes />
        </AuthProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
