import { useCallback, useEffect, useState } from 'react';

/** The console's views: the canvas with its side panels, or the audit log across the whole width. */
export type ConsoleView = 'canvas' | 'audit';

function viewOfHash(): ConsoleView {
  return window.location.hash === '#audit' ? 'audit' : 'canvas';
}

/** The view named in the URL's hash (`#audit`), so a reload or a shared link opens the same one. */
export function useView(): [ConsoleView, (view: ConsoleView) => void] {
  const [view, setView] = useState<ConsoleView>(viewOfHash);
  useEffect(() => {
    const onHash = () => setView(viewOfHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const show = useCallback((next: ConsoleView) => {
    const hash = next === 'audit' ? '#audit' : '';
    window.history.pushState(null, '', `${window.location.pathname}${window.location.search}${hash}`);
    setView(next);
  }, []);
  return [view, show];
}
