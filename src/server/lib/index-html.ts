export interface PublicConfig {
  appTitle: string;
  className: string;
  phoneRegion: string;
  schoolTimezone: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Puts the school's title and class name into the page, so the first paint shows them without a
 * request and without an inline script (the Content-Security-Policy allows none).
 */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const meta = `<meta name="parley-config" content="${escapeHtml(JSON.stringify(config))}" />`;
  return template
    .replace('<!--parley-config-->', meta)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.appTitle)}</title>`);
}
