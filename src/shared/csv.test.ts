import { describe, expect, it } from 'vitest';
import { csvCell, guardCsvCell, toCsv, unguardCsvCell } from './csv.js';

describe('CSV cells', () => {
  it('quotes cells holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Kumar, Asha')).toBe('"Kumar, Asha"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(7)).toBe('7');
  });

  it.each(['=1+1', '+919876543210', '-2', '@SUM(A1)', '\tx', '\rx'])('puts an apostrophe before %j, which a spreadsheet would run', (text) => {
    expect(guardCsvCell(text)).toBe(`'${text}`);
    expect(unguardCsvCell(guardCsvCell(text))).toBe(text);
  });

  it.each(['＝1+1', '＋919876543210', '－2', '＠SUM(A1)', '﹦1+1', '﹢1', '﹣1', '﹫x', '−2', '\nx', ' =1+1', '\u200B=1+1', '\uFEFF+1', '\u3000＝cmd|x'])(
    'puts an apostrophe before the look-alike %j too',
    (text) => {
      expect(guardCsvCell(text)).toBe(`'${text}`);
      expect(unguardCsvCell(guardCsvCell(text))).toBe(text);
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('leaves other cells alone, and an apostrophe that guards nothing', () => {
    expect(guardCsvCell(' Asha')).toBe(' Asha');
    expect(guardCsvCell('Ａsha')).toBe('Ａsha');
    expect(guardCsvCell('Asha')).toBe('Asha');
    expect(unguardCsvCell("'quoted'")).toBe("'quoted'");
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe('"\'=HYPERLINK(""http://x"", ""y"")"');
  });

  it.each([
    ['Asha;=1+2', "Asha;'=1+2"],
    ['a\t@cmd', "a\t'@cmd"],
    ['ok\r\n-2+3', "ok\r\n'-2+3"],
    ['\t=1;+2', "'\t'=1;'+2"],
    ['one;two; three', 'one;two; three'],
  ])('guards a formula after a ; tab or line break inside a cell: %j', (text, guarded) => {
    expect(guardCsvCell(text)).toBe(guarded);
    expect(unguardCsvCell(guarded)).toBe(text);
  });

  it('writes rows with CRLF line ends and a final line end', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe('a,b\r\n1,2\r\n');
  });
});
