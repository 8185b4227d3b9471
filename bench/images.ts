import sharp from 'sharp';
import { faceJpeg } from '../test/helpers/images';

/** A face photo re-encoded at about `megapixels`, keeping the 3:4 shape of a phone portrait. */
export async function benchJpeg(megapixels: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1_000_000 * 3) / 4));
  const height = Math.round((width * 4) / 3);
  return sharp(await faceJpeg('frontal')).resize(width, height, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
}
