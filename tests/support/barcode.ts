/** Reads a barcode the way a scanner does (ZXing's Code 128 reader) from grey pixels, 0 black to 255 white. */
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

export function decodeCode128(luminance: Uint8ClampedArray, width: number, height: number): string {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  reader.setHints(hints);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)))).getText();
}

/** Module widths drawn as pixels (`scale` per module, bar first) with 10 white modules of quiet zone each side. */
export function drawModules(modules: readonly number[], scale = 3, height = 60) {
  const total = modules.reduce((sum, width) => sum + width, 0) + 20;
  const width = total * scale;
  const pixels = new Uint8ClampedArray(width * height).fill(255);
  let x = 10 * scale;
  modules.forEach((run, i) => {
    if (i % 2 === 0) for (let y = 0; y < height; y += 1) pixels.fill(0, y * width + x, y * width + x + run * scale);
    x += run * scale;
  });
  return { pixels, width, height };
}
