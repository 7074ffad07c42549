import { callUnary, createInferenceClient } from '@idgate/protos';
import { loadImages, saturate, timedLoop } from './loop.ts';

/**
 * The load generator, in its own process (as core would be): CheckFace over gRPC against the
 * node at `address`, first one at a time (latency), then saturated. Prints one JSON line.
 */
const [address, itersArg, sizeArg] = process.argv.slice(2);
const iterations = Number(itersArg);
const size = Number(sizeArg);
const imageAt = await loadImages();
const client = createInferenceClient(address);
const call = async (i: number) => (await callUnary(client, 'checkFace', { frames: [imageAt(i)] })).timingsMs!;

const warmup = 2 * size + 3;
await timedLoop(warmup, call);
const sequential = await timedLoop(iterations, call);
const saturated = await saturate(iterations * size, 2 * size + 2, call);
client.close();
process.stdout.write(`${JSON.stringify({ sequential, saturated, checks: warmup + iterations + iterations * size })}\n`);
