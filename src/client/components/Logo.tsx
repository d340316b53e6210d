/**
 * Parley's mark (a speech bubble), drawn in the page rather than as `<img src="/favicon.svg">`: an
 * SVG image is a document of its own that the browser builds on the main thread (about 15 ms on a
 * mid-range phone, on every first visit), inline it is a few elements. `public/favicon.svg`, the
 * tab's icon, is the same drawing (`Logo.test.tsx` keeps the two equal).
 */
export function Logo({ size }: { size: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#3b5bdb" />
      <path d="M16 20a6 6 0 0 1 6-6h20a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 8v-8h1a6 6 0 0 1-6-6z" fill="#fff" />
      <circle cx="26" cy="27" r="2.5" fill="#3b5bdb" />
      <circle cx="32" cy="27" r="2.5" fill="#3b5bdb" />
      <circle cx="38" cy="27" r="2.5" fill="#3b5bdb" />
    </svg>
  );
}
