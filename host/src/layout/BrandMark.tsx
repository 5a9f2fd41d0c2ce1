/** The store's small shirt logo, drawn inline so it costs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M11 4 4 8l2.5 6 3-1.3V28h13V12.7l3 1.3L28 8l-7-4c-.6 2-2.6 3.3-5 3.3S11.6 6 11 4Z"
        fill="var(--color-accent)"
      />
      <circle cx="16" cy="17" r="3.2" fill="var(--color-accent-soft)" />
    </svg>
  );
}
