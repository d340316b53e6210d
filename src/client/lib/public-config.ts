export interface PublicConfig {
  appTitle: string;
  className: string;
}

const FALLBACK: PublicConfig = { appTitle: 'Parley', className: 'Spoken English Class' };

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
