import './lib/zod-csp.ts';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, preloadRoutes } from './app/router.tsx';
import { loadAppConfig } from './config/app-config.ts';
import './lib/initial-url.ts';

// After a deploy, an old page may ask for a lazy chunk that no longer exists: reload once.
const RELOAD_KEY = 'mvrsp.chunk-reload';
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem(RELOAD_KEY)) return;
  sessionStorage.setItem(RELOAD_KEY, '1');
  event.preventDefault();
  window.location.reload();
});

async function start() {
  // The first page's chunks load while the config is fetched, not after it.
  preloadRoutes(window.location.pathname);
  await loadAppConfig();
  createRoot(document.getElementById('root')!).render(
    <AppProvider>
      <AppRouter />
    </AppProvider>,
  );
  window.setTimeout(() => sessionStorage.removeItem(RELOAD_KEY), 10_000);
}

void start();
