/*
 * One `Intl.DateTimeFormat` per locale and set of options, made once and kept: making one costs far
 * more than using it (the first one of a page also sets up the locale data). Server and client.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
