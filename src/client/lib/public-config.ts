export interface PublicConfig {
  appTitle: string;
  className: string;
  /** Region assumed for mobile numbers typed without a country code. */
  phoneRegion: string;
  /** The school's time zone, in which attempt dates are shown and filtered. */
  schoolTimezone: string;
}

const FALLBACK: PublicConfig = { appTitle: 'Parley', className: 'Spoken English Class', phoneRegion: 'IN', schoolTimezone: 'Asia/Kolkata' };

let cached: PublicConfig | undefined;

/** The school's title and class name, put into the page by the server (no request needed). */
export function getPublicConfig(): PublicConfig {
  if (cached) return cached;
  const content = document.querySelector<HTMLMetaElement>('meta[name="parley-config"]')?.content;
  try {
    const parsed = content ? (JSON.parse(content) as Partial<PublicConfig>) : {};
    cached = { ...FALLBACK, ...parsed };
  } catch {
    cached = FALLBACK;
  }
  return cached;
}
