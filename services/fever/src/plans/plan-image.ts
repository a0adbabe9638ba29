import { AppError, FEVER_PLAN_IMAGE_MAX_SIDE } from '@portal/contracts';
import { JPEG, PNG, sniffContentType } from '@portal/files';
import sharp from 'sharp';

/** A plan image as stored: resized to fit FEVER_PLAN_IMAGE_MAX_SIDE (never enlarged), in its own format. */
export interface PlanImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Pixels a plan may decode to: a decompression bomb stops here, not in memory. */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * Checks an uploaded plan from its bytes (PNG or JPEG; a photo of a wall plan or an exported drawing)
 * and resizes it: a file that is not a readable image answers unexpectedFileContent, not a 5xx.
 */
export async function resizePlanImage(upload: Buffer): Promise<PlanImage> {
  const type = sniffContentType(upload);
  if (type !== PNG && type !== JPEG) throw unreadable();
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: FEVER_PLAN_IMAGE_MAX_SIDE, height: FEVER_PLAN_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (type === PNG ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85 })).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}

const unreadable = () => new AppError('unexpectedFileContent', 'not a readable PNG or JPEG image', { accepted: [PNG, JPEG] });
