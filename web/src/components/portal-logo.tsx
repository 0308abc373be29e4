/** The portal emblem: a rain drop over river waves, drawn inline so it needs no request. */
export function PortalLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#ffffff" />
      <circle cx="24" cy="24" r="20" fill="#0b4f8a" />
      <path d="M24 9c-4.5 6.2-7.5 10.6-7.5 14.2a7.5 7.5 0 0 0 15 0C31.5 19.6 28.5 15.2 24 9z" fill="#ffd54f" />
      <path
        d="M9 31c3 0 3-2 6-2s3 2 6 2 3-2 6-2 3 2 6 2 3-2 6-2M9 36c3 0 3-2 6-2s3 2 6 2 3-2 6-2 3 2 6 2 3-2 6-2"
        fill="none"
        stroke="#9fd3ff"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
