/** Decorative line icons for the message pages (hidden from assistive technology). */
const common = {
  viewBox: '0 0 48 48',
  width: 44,
  height: 44,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function CheckIcon() {
  return (
    <svg {...common}>
      <path d="M12 25l8 8 16-18" />
    </svg>
  );
}

export function CompassIcon() {
  return (
    <svg {...common}>
      <circle cx="24" cy="24" r="17" />
      <path d="M30 18l-4 9-8 3 4-9 8-3Z" />
    </svg>
  );
}

export function SparkIcon() {
  return (
    <svg {...common}>
      <path d="M24 8v8M24 32v8M8 24h8M32 24h8M13 13l5 5M30 30l5 5M35 13l-5 5M18 30l-5 5" />
    </svg>
  );
}
