import { readDocument, warmUpDocumentReader } from '../../../src/document/index.ts';

/** Piscina task: what the face/pool engineer's worker will do with a document job. */
export default async function task({ image, today }: { image: Uint8Array; today: string }) {
  await warmUpDocumentReader({ intraOpThreads: 1 });
  const reading = await readDocument(image, { today });
  return { status: reading.status, dateOfBirth: reading.dateOfBirth, documentNumber: reading.documentNumber, rss: process.memoryUsage().rss };
}
