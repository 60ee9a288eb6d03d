/** The paw mark, drawn inline so it costs no request and follows the text colour. */
export function PawIcon({ className = "size-6" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      <ellipse cx="6" cy="9.5" rx="2.2" ry="2.8" />
      <ellipse cx="10" cy="5.5" rx="2.2" ry="2.9" />
      <ellipse cx="14.5" cy="5.5" rx="2.2" ry="2.9" />
      <ellipse cx="18.5" cy="9.5" rx="2.2" ry="2.8" />
      <path d="M12.2 11.2c-2.6 0-6 3.9-6 6.6 0 1.9 1.5 2.7 3.1 2.7 1.3 0 2-.6 2.9-.6s1.6.6 2.9.6c1.6 0 3.1-.8 3.1-2.7 0-2.7-3.4-6.6-6-6.6Z" />
    </svg>
  );
}
