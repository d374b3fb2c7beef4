/**
 * ZXing's Code 128 reader for browsers without a BarcodeDetector: loaded only when the camera is used, as a chunk of
 * its own (every page's bundle stays without it).
 */
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';

const reader = new MultiFormatReader();
reader.setHints(
  new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]),
);

/** The text of the Code 128 barcode in grey pixels (0 black to 255 white), as a scanner reads it; throws when none reads. */
export function decodeLuminance(grey: Uint8ClampedArray, width: number, height: number): string {
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)))).getText();
  } finally {
    reader.reset();
  }
}

/** The text of the Code 128 barcode in an RGBA image, or undefined when it holds none that reads. */
export default function decodeCode128({ data, width, height }: ImageData): string | undefined {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0; i < grey.length; i += 1) {
    grey[i] = (data[i * 4] * 299 + data[i * 4 + 1] * 587 + data[i * 4 + 2] * 114) / 1000;
  }
  try {
    return decodeLuminance(grey, width, height);
  } catch {
    // No barcode found, or a misread (checksum, format): the next frame may read.
    return undefined;
  }
}
