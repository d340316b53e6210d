import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './read-csv-file';

const header = 'studentName,course,mobileNumber\n';

describe('decodeCsvBytes', () => {
  it('reads UTF-8, with its byte-order mark left out, and Indian scripts as they are', () => {
    const text = `${header}Zoë Fernandes,IELTS,98765 43210\nअनीता,IELTS,98765 43211\n`;
    expect(decodeCsvBytes(new Uint8Array(Buffer.from(text, 'utf8')))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsvBytes(new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf8')))).toEqual({ text, encoding: 'utf-8' });
  });

  it('reads what Excel writes as "CSV (Comma delimited)" (Windows-1252) with its accents, not as "�"', () => {
    const bytes = new Uint8Array(Buffer.from(`${header}Zoë Muñoz,IELTS,98765 43210\n`, 'latin1'));
    expect(bytes.includes(0xeb)).toBe(true);
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe('windows-1252');
    expect(text).toBe(`${header}Zoë Muñoz,IELTS,98765 43210\n`);
    // The bytes Windows-1252 gives other letters than Latin-1: 0x9A is "š".
    expect(decodeCsvBytes(new Uint8Array([0x4a, 0x61, 0x9a, 0x61])).text).toBe('Jaša');
  });

  it('reads UTF-16 in either byte order when the file starts with its byte-order mark', () => {
    const text = `${header}Zoë,IELTS,98765 43210\n`;
    const little = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeCsvBytes(new Uint8Array(little))).toEqual({ text, encoding: 'utf-16le' });
    const big = Buffer.from(little);
    big.swap16();
    expect(decodeCsvBytes(new Uint8Array(big))).toEqual({ text, encoding: 'utf-16be' });
  });
});
