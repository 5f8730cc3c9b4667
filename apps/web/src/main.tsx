import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/App';
import { reloadOnceForChunk } from '@/features/app-errors/chunk-reload';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('NetGuard: the #root element is missing from index.html');

// A page's imports that could not be preloaded: reload once rather than fail the page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunk(event.payload, window.sessionStorage, () => window.location.reload())) {
    event.preventDefault();
  }
});

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
