import sharp from 'sharp';

/** Capture variants of each fixture for the robustness count (same ones as the quality tests). */
export const VARIANTS: Record<string, (image: Buffer) => Promise<Buffer>> = {
  original: async (image) => image,
  upsideDown: (image) => sharp(image).rotate(180).jpeg().toBuffer(),
  tilted6: (image) => sharp(image).rotate(-6, { background: '#ffffff' }).jpeg().toBuffer(),
  blur1_5: (image) => sharp(image).blur(1.5).jpeg().toBuffer(),
  jpegQ20: (image) => sharp(image).jpeg({ quality: 20 }).toBuffer(),
};
