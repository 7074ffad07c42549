import { decodeScrfd, decodeYunet, letterboxSize, toNchw, type DecodeOptions, type FaceDetection, type RgbImage } from '../../vision/index.ts';
import { resizeRgb } from '../decode.ts';
import type { Runtime } from '../runtime.ts';
import { floatTensor, runSession } from '../sessions.ts';

/** Output roles of each detector family, in the order their decoders take them. */
const FAMILY_OUTPUTS = { yunet: ['cls', 'obj', 'bbox', 'kps'], scrfd: ['scores', 'boxes', 'landmarks'] } as const;

/**
 * Runs the active face detector on a decoded image: letterbox to the model input (top-left
 * paste), run, decode by family, map back to image pixels. Returns every face after NMS.
 * `size` overrides the manifest's input size for a detector with dynamic input (SCRFD: multiples
 * of 32), e.g. a small probe image.
 */
export async function detectFaces(rt: Runtime, img: RgbImage, size?: { width: number; height: number }): Promise<FaceDetection[]> {
  const spec = rt.detector.spec;
  const { width: inW, height: inH } = size ?? spec.input;
  const lb = letterboxSize(img.width, img.height, inW, inH);
  const resized = await resizeRgb(img, lb.width, lb.height);
  const roles = FAMILY_OUTPUTS[spec.family];
  const names = roles.flatMap((role) => spec.outputs[role] ?? []);
  // The input buffer is reused by the next run once this one has finished (the outputs are ORT's own).
  const flat = await rt.scratch.with(3 * inW * inH, (input) => {
    const tensor = floatTensor(toNchw(resized, spec.input, inW, inH, input), [1, 3, inH, inW]);
    return runSession(rt.detector, { [spec.input.name]: tensor }, names);
  });
  const per = spec.strides.length;
  const group = (i: number): Float32Array[] => flat.slice(i * per, (i + 1) * per);
  const opts: DecodeOptions = {
    inputWidth: inW,
    inputHeight: inH,
    scale: lb.scale,
    strides: spec.strides,
    scoreThreshold: spec.scoreThreshold,
    nmsIou: spec.nmsIou,
  };
  return spec.family === 'yunet'
    ? decodeYunet({ cls: group(0), obj: group(1), bbox: group(2), kps: group(3) }, opts)
    : decodeScrfd({ scores: group(0), boxes: group(1), landmarks: group(2) }, opts);
}
