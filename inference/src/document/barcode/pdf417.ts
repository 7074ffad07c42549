import sharp from 'sharp';
import zxing from '@zxing/library';
import { rotateQuarter, type Gray } from '../image/raster.ts';
import { dominantSkewDegrees } from '../image/skew.ts';

const { BinaryBitmap, DecodeHintType, HybridBinarizer, PDF417Reader, RGBLuminanceSource } = zxing;
const HINTS = new Map([[DecodeHintType.TRY_HARDER, true]]);

/** Below this skew the zxing PDF417 detector copes by itself (measured: ±4° decodes, ±6° fails). */
const SKEW_TOLERANCE_DEGREES = 2;

function tryDecode(image: Gray): string | undefined {
  const luminance = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height)));
  try {
    return new PDF417Reader().decode(bitmap, HINTS).getText();
  } catch {
    return undefined; // NotFound/Checksum/Format: no readable PDF417 in this view
  }
}

async function rotateBy(image: Gray, degrees: number): Promise<Gray> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .rotate(degrees, { background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * Finds and decodes a PDF417 symbol (North American licence backs) with the ZXing port. ZXing reads
 * upright and upside-down symbols; sideways ones are turned a quarter, and a skewed card is first
 * deskewed by its dominant edge angle.
 */
export async function decodePdf417(page: Gray): Promise<string | undefined> {
  const skew = dominantSkewDegrees(page);
  const upright = Math.abs(skew) > SKEW_TOLERANCE_DEGREES ? await rotateBy(page, -skew) : page;
  return tryDecode(upright) ?? tryDecode(rotateQuarter(upright, 1));
}
