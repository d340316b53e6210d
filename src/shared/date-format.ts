/*
 * `Intl.DateTimeFormat`s made once per time zone and kept: making one costs far more than using it
 * (and the first one of a page also sets up the locale data). Server and client.
 */

/** A function giving the format `make` makes for a time zone, made on its first use and kept. */
export function formatPerZone(make: (timeZone: string) => Intl.DateTimeFormat): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = make(timeZone);
      formats.set(timeZone, format);
    }
    return format;
  };
}
