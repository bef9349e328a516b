import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createAppStore } from './app/app.store';
import { appRoutes } from './app/app.routes';
import './app/app.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render into');

const { store } = createAppStore();
const router = createBrowserRouter(appRoutes);

createRoot(rootElement).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
