import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';

/*
 * Mobile numbers, read with libphonenumber-js and its "mobile" metadata (docs/decisions/0007-phone-numbers.md): a
 * number is valid only when it is a possible *mobile* number of its country, so landlines and
 * numbers of impossible length or prefix are refused. Numbers are stored in E.164 form
 * ("+919876543210"); a number typed without a country code is read as one of the school's region
 * (DEFAULT_PHONE_REGION), so "98765 43210", "098765 43210" and "+91 98765 43210" are one number.
 */

/** True when libphonenumber-js knows the region (ISO 3166 code such as IN or GB; not "UK"). */
export function isKnownPhoneRegion(region: string): boolean {
  return isSupportedCountry(region);
}

/**
 * The text with every digit as an ASCII one: full-width forms folded (NFKC: "９８７６５" and "＋" from a
 * phone's input-method keyboard), and the digits of other scripts (Devanagari "९८७६५", Arabic-Indic)
 * read by their value: Unicode gives each script's ten digits consecutive code points from its zero,
 * and where such runs of ten follow one another, a digit's value is its distance from the first
 * run's zero, modulo 10.
 */
export function withAsciiDigits(input: string): string {
  // ASCII digits are left as they are (a sign-in types them almost always): only other scripts' are looked up.
  return input.normalize('NFKC').replace(/(?![0-9])\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0) ?? 0;
    let zero = code;
    while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
    return String((code - zero) % 10);
  });
}

function parseStrict(input: string, region: string) {
  // "(+91) 98765 43210" is a common way of writing the country code; the strict parser wants "+91".
  const text = withAsciiDigits(input).trim().replace(/^\(\s*(\+\d{1,3})\s*\)/, '$1');
  if (text === '') return undefined;
  const defaultCountry = isSupportedCountry(region) ? (region as CountryCode) : undefined;
  // extract: false: the whole text must be the number ("call 98765 43210" is not one).
  return parsePhoneNumberFromString(text, { defaultCountry, extract: false });
}

/**
 * The E.164 form of a valid mobile number ("+919876543210"), or null when the text is not one.
 * A number with an extension is not a mobile number.
 */
export function parseMobileNumber(input: string, region: string): string | null {
  const parsed = parseStrict(input, region);
  if (!parsed || parsed.ext || !parsed.isValid()) return null;
  return parsed.number;
}

/**
 * The form in which mobile numbers are stored and looked up: E.164 when the text is a valid mobile
 * number; otherwise (for sign-in lookups and request budgets, which must not fail on odd input) the
 * digits with a leading + kept ("+91 98765" -> "+9198765"), which matches no stored number.
 */
export function normalizeMobileNumber(input: string, region: string): string {
  const parsed = parseMobileNumber(input, region);
  if (parsed) return parsed;
  const trimmed = withAsciiDigits(input).trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** "+91 98765 43210" for a stored E.164 number; anything else is shown as it is. */
export function formatMobileNumber(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored);
  return parsed ? parsed.formatInternational() : stored;
}

/** "India" for IN: the region's English name, for messages. */
export function phoneRegionName(region: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** True when the text looks like a phone number rather than a username ("(+91) 98765 43210" too, a spelling the parser reads). */
export function looksLikeMobileNumber(input: string): boolean {
  return /^\(?\+?[\d\s().-]{6,}$/.test(withAsciiDigits(input).trim());
}

/** The digits of a search text, for matching part of a stored number ("98765 43" -> "9876543"). */
export function mobileSearchDigits(input: string): string {
  return withAsciiDigits(input).replace(/\D/g, '');
}
