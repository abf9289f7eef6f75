import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { KeyGate } from './key-gate.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');
// A server started with API keys answers 401 until the console sends one: the gate asks for it and keeps it in
// localStorage (`affordance.apiKey`).
createRoot(root).render(
  <StrictMode>
    <KeyGate storage={window.localStorage}>{(api, signOut) => <App api={api} onSignOut={signOut} />}</KeyGate>
  </StrictMode>,
);
