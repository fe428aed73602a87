import '@btls/shared-ui/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider, BrowserRouter } from '@btls/shared-auth';
import { App } from './app';
import { ensureRemotesRegistered } from './remotes';

// Start fetching /remotes.json at once; an area that needs it waits for it (and offers Retry on failure).
ensureRemotesRegistered().catch((error: unknown) => console.error('Could not load /remotes.json:', error));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AuthProvider>
        <App />
      </AuthProvider>
    </BrowserRouter>
  </StrictMode>,
);
