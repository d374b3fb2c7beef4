import { decodeCode128, drawModules } from '../../tests/support/barcode';
import { gs1CheckDigit } from '../shared/gs1';
import { colourKeyOf, colourLegend, gs1128Modules, maxSerialFor, ssccOf, ssccText, stickerPalette } from './codes';

describe('GS1 check digits', () => {
  it.each([
    // GS1's worked example of the mod-10 check digit (GTIN-13 629104150021 → 3).
    ['629104150021', 3],
    // Published GTIN-13 and ISBN-13 examples.
    ['400638133393', 1],
    ['590123412345', 7],
    ['978030640615', 7],
  ])('%s → %i', (digits, check) => {
    expect(gs1CheckDigit(digits)).toBe(check);
  });

  it('refuses anything but digits', () => {
    expect(() => gs1CheckDigit('12a4')).toThrow();
  });
});

describe('SSCC', () => {
  it('is the extension digit, the company prefix, the serial padded to 16 digits in all and the check digit', () => {
    const sscc = ssccOf(0, '6901234', 1);
    expect(sscc).toHaveLength(18);
    expect(sscc.slice(0, 17)).toBe('06901234000000001');
    expect(Number(sscc[17])).toBe(gs1CheckDigit(sscc.slice(0, 17)));
    expect(ssccText(sscc, 7)).toBe(`(00) 0 6901234 000000001 ${sscc[17]}`);
  });

  it('keeps the serial within what the company prefix leaves', () => {
    expect(maxSerialFor(7)).toBe(999_999_999);
    expect(() => ssccOf(0, '6901234', 1_000_000_000)).toThrow();
    expect(() => ssccOf(0, '690123', 1)).toThrow();
    expect(ssccOf(3, '6901234567', 999_999)).toMatch(/^36901234567999999\d$/);
  });
});

describe('GS1-128', () => {
  it('draws 11 modules a symbol: start C, FNC1, ten pairs, the check symbol, and the 13-module stop', () => {
    const modules = gs1128Modules(`00${ssccOf(0, '6901234', 42)}`);
    expect(modules.reduce((sum, width) => sum + width, 0)).toBe(11 * 13 + 13);
    expect(modules.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]);
  });

  it('decodes, as a scanner reads it, to the AI 00 and the SSCC', () => {
    for (const serial of [1, 42, 123_456_789]) {
      const sscc = ssccOf(0, '6901234', serial);
      const { pixels, width, height } = drawModules(gs1128Modules(`00${sscc}`));
      expect(decodeCode128(pixels, width, height)).toMatch(new RegExp(`^(\\]C1)?00${sscc}$`));
    }
  });
});

describe('colours', () => {
  const line = { destination: 'Hamburg', sizeBreakdown: { S: 4, M: 0, L: 8 } };
  it('colours a carton by its sizes or its destination', () => {
    expect(colourKeyOf(line, 'size', ['S', 'M', 'L'])).toBe('S、L');
    expect(colourKeyOf({ ...line, sizeBreakdown: { L: 1, S: 2 } }, 'size', ['S', 'M', 'L'])).toBe('S、L');
    expect(colourKeyOf({ ...line, sizeBreakdown: { '40/41': 1, '38/39': 2 } }, 'size', ['38/39', '40/41'])).toBe('38/39、40/41');
    expect(colourKeyOf(line, 'destination')).toBe('Hamburg');
  });
  it('gives each key its colour once, in order of first appearance', () => {
    expect(colourLegend(['M', 'S', 'M'])).toEqual([
      { key: 'M', colour: stickerPalette[0] },
      { key: 'S', colour: stickerPalette[1] },
    ]);
  });
});
