/**
 * Reads the GS1-128 barcode of a sticker from a picture (a camera frame or a photo): the browser's BarcodeDetector
 * where it reads Code 128, else ZXing, fetched on first use.
 */
type Detector = { detect: (source: ImageBitmapSource) => Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

/** Wider pictures are scaled down first: a phone photo reads as well at this width, many times faster. */
const MAX_WIDTH = 1600;

let detector: Promise<Detector | undefined> | undefined;
const nativeDetector = () =>
  (detector ??= (async () => {
    const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (!Native) return undefined;
    const formats = await Native.getSupportedFormats().catch((): string[] => []);
    return formats.includes('code_128') ? new Native({ formats: ['code_128'] }) : undefined;
  })());

/** The picture's pixels, at most MAX_WIDTH wide. */
function pixelsOf(source: CanvasImageSource, width: number, height: number): ImageData {
  const scale = Math.min(1, MAX_WIDTH / width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** The barcode's text, or undefined when the picture holds none that reads. */
export async function readBarcode(source: CanvasImageSource & ImageBitmapSource, width: number, height: number) {
  const native = await nativeDetector();
  if (native) {
    const [found] = await native.detect(source);
    return found?.rawValue;
  }
  const { default: decode } = await import('./decodeCode128');
  return decode(pixelsOf(source, width, height));
}
