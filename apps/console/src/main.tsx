import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/api-client.js';
import { App } from './app.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');
// An API key (for a server started with keys) can be kept in localStorage under `affordance.apiKey`.
const apiKey = window.localStorage.getItem('affordance.apiKey') ?? undefined;
createRoot(root).render(
  <StrictMode>
    <App api={createApiClient(apiKey ? { apiKey } : {})} />
  </StrictMode>,
);
