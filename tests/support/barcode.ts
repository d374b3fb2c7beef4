/** Reads a barcode the way the pages' camera scan does (ZXing's Code 128 reader) from grey pixels, 0 black to 255 white. */
export { decodeLuminance as decodeCode128 } from '../../src/components/ScanField/decodeCode128';

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
