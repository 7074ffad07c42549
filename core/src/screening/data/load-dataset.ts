import { IndexBuilder } from '../index/index-builder.ts';
import type { IndexData } from '../index/index-data.ts';
import { EntityFormatError, parseEntityLine } from './ftm-entity.ts';
import { DatasetSourceError, newVersionHash, readLines, resolveSource, type FetchLike } from './line-source.ts';

export interface LoadOptions {
  fetch?: FetchLike;
}

/**
 * Streams every entity line of the source(s) through the index builder. Any unreadable line
 * (truncated download, invalid JSON) or IO error aborts the whole load: a partial list must
 * never replace a complete one. Errors carry file and line number, never line content.
 */
export async function loadIndexData(source: string | readonly string[], options: LoadOptions = {}): Promise<IndexData> {
  const sources = typeof source === 'string' ? [source] : source;
  if (sources.length === 0) throw new DatasetSourceError('no dataset source given');
  const files: string[] = [];
  for (const s of sources) files.push(...(await resolveSource(s)));
  const hash = newVersionHash();
  const builder = new IndexBuilder();
  for (const file of files) {
    for await (const line of readLines(file, hash, options.fetch)) {
      try {
        builder.apply(parseEntityLine(line.text));
      } catch (err) {
        if (err instanceof EntityFormatError) throw new DatasetSourceError(`${err.message} at ${line.file}:${line.lineNumber}`);
        throw err;
      }
    }
  }
  if (builder.personCount === 0) throw new DatasetSourceError('dataset holds no Person entities');
  return builder.finish(hash.digest('hex'));
}
