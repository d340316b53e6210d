/**
 * The form in which mobile numbers are stored and looked up: digits only, with a leading + kept for
 * international numbers ("+91 98765-43210" -> "+919876543210", "098765 43210" -> "09876543210").
 */
export function normalizeMobileNumber(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** True when the text looks like a phone number rather than a username. */
export function looksLikeMobileNumber(input: string): boolean {
  return /^\+?[\d\s().-]{6,}$/.test(input.trim());
}
