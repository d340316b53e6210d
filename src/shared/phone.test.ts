import { describe, expect, it } from 'vitest';
import { formatMobileNumber, isKnownPhoneRegion, looksLikeMobileNumber, mobileSearchDigits, normalizeMobileNumber, parseMobileNumber, phoneRegionName, withAsciiDigits } from './phone.js';

describe('parseMobileNumber', () => {
  it.each([
    ['98765 43210', 'IN', '+919876543210'],
    ['+91 98765 43210', 'IN', '+919876543210'],
    ['+91-98765-43210', 'IN', '+919876543210'],
    ['(+91) 98765 43210', 'IN', '+919876543210'],
    ['098765 43210', 'IN', '+919876543210'],
    ['0091 98765 43210', 'IN', '+919876543210'],
    ['  6000000000 ', 'IN', '+916000000000'],
    ['07911 123456', 'GB', '+447911123456'],
    ['+44 7911 123456', 'IN', '+447911123456'],
    ['+91 98765 43210', 'GB', '+919876543210'],
    // Digits as a phone's keyboards may type them: full width (an input-method keyboard), Devanagari, Arabic-Indic.
    ['９８７６５ ４３２１０', 'IN', '+919876543210'],
    ['＋９１ ９８７６５ ４３２１０', 'IN', '+919876543210'],
    ['९८७६५ ४३२१०', 'IN', '+919876543210'],
    ['٩٨٧٦٥ ٤٣٢١٠', 'IN', '+919876543210'],
  ])('reads %s in %s as %s', (input, region, expected) => {
    expect(parseMobileNumber(input, region)).toBe(expected);
  });

  it.each([
    ['', 'IN', 'empty'],
    ['98765', 'IN', 'too short'],
    ['98765 43210 98765', 'IN', 'too long'],
    ['22 1234 5678', 'IN', 'an impossible prefix'],
    ['020 7946 0958', 'GB', 'a landline'],
    ['98765 43210', 'GB', 'an Indian number without its country code, read in GB'],
    ['+91 98765 43210 ext 5', 'IN', 'a number with an extension'],
    ['call 98765 43210', 'IN', 'a number inside other text'],
    ['asha.k', 'IN', 'a username'],
  ])('refuses %s in %s (%s)', (input, region) => {
    expect(parseMobileNumber(input, region)).toBeNull();
  });
});

describe('normalizeMobileNumber', () => {
  it('gives one form for every spelling of a valid number in the region', () => {
    const spellings = ['98765 43210', '+91 98765 43210', '+919876543210', '098765-43210', '(+91) 98765 43210'];
    expect(new Set(spellings.map((s) => normalizeMobileNumber(s, 'IN')))).toEqual(new Set(['+919876543210']));
  });

  it('falls back to the digits (and a leading +) for text that is not a valid number', () => {
    expect(normalizeMobileNumber('+91 98765', 'IN')).toBe('+9198765');
    expect(normalizeMobileNumber('123-456', 'IN')).toBe('123456');
  });
});

describe('the other helpers', () => {
  it('formats a stored number for people', () => {
    expect(formatMobileNumber('+919876543210')).toBe('+91 98765 43210');
    expect(formatMobileNumber('12345')).toBe('12345');
  });

  it('tells a mobile number from a username', () => {
    expect(looksLikeMobileNumber('+91 98765 43210')).toBe(true);
    expect(looksLikeMobileNumber('98765 43210')).toBe(true);
    // Every spelling normalizeMobileNumber reads: a username of these would shadow the number at sign-in.
    expect(looksLikeMobileNumber('(+91) 98765 43210')).toBe(true);
    expect(looksLikeMobileNumber('asha.k')).toBe(false);
    expect(looksLikeMobileNumber('(asha)')).toBe(false);
    expect(looksLikeMobileNumber('９８７６５４３２１２')).toBe(true);
  });

  it("reads every script's digits by their value", () => {
    expect(withAsciiDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(withAsciiDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(withAsciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(withAsciiDigits('௦௧௨௩௪௫௬௭௮௯')).toBe('0123456789');
    // Mathematical digits: five runs of ten back to back.
    expect(withAsciiDigits('\u{1D7CE}\u{1D7D7}\u{1D7D8}\u{1D7E1}\u{1D7F6}\u{1D7FF}')).toBe('090909');
    expect(withAsciiDigits('asha.k 42')).toBe('asha.k 42');
    expect(mobileSearchDigits('९८७६५ ४३')).toBe('9876543');
  });

  it('knows the ISO regions and not the others', () => {
    expect(isKnownPhoneRegion('IN')).toBe(true);
    expect(isKnownPhoneRegion('GB')).toBe(true);
    expect(isKnownPhoneRegion('UK')).toBe(false);
  });

  it('names a region in English', () => {
    expect(phoneRegionName('IN')).toBe('India');
    expect(phoneRegionName('GB')).toBe('United Kingdom');
  });

  it('keeps only the digits of a search', () => {
    expect(mobileSearchDigits('+91 98765-43')).toBe('919876543');
    expect(mobileSearchDigits('Asha')).toBe('');
  });
});
