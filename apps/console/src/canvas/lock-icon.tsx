import type { ReactNode } from 'react';

/** A small padlock drawn in SVG, hidden from screen readers (the text beside it says "locked"). */
export function LockIcon(props: { readonly size?: number }): ReactNode {
  const size = props.size ?? 12;
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" className="lock-icon">
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" stroke="currentColor" strokeWidth="1.6" fill="none" />
    </svg>
  );
}
