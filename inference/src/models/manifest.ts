import { appError, parseAgeGatePolicy, parseAgeGuardBand } from '@idgate/protos';
import type { ActiveModels, ModelRole, ModelSpec, ModelsManifest } from './manifest.types.ts';

/**
 * Structural checks of a parsed manifest. A bad manifest stops start-up with MODEL_UNAVAILABLE
 * naming the field, like a bad config variable does.
 */
export function parseManifest(json: unknown, source: string): ModelsManifest {
  const m = json as Partial<ModelsManifest>;
  const fail = (what: string): never => {
    throw appError('MODEL_UNAVAILABLE', { message: `Invalid models manifest ${source}: ${what}`, details: { reasons: ['manifest_invalid'] } });
  };
  if (!m || typeof m !== 'object' || m.version !== 1) fail('version must be 1');
  if (!m.models || typeof m.models !== 'object') fail('models is missing');
  if (!m.active || typeof m.active !== 'object') fail('active is missing');
  if (!m.policy || typeof m.policy !== 'object') fail('policy is missing');
  for (const [id, spec] of Object.entries(m.models as Record<string, ModelSpec>)) checkModel(id, spec, fail);
  return m as ModelsManifest;
}

function checkModel(id: string, spec: ModelSpec, fail: (what: string) => never): void {
  if (typeof spec.file !== 'string' || spec.file.includes('..') || spec.file.startsWith('/')) fail(`models.${id}.file must be a file name inside MODELS_DIR`);
  if (!/^[0-9a-f]{64}$/.test(spec.sha256)) fail(`models.${id}.sha256 must be 64 hex digits`);
  if (!['detector', 'recognizer', 'age', 'liveness'].includes(spec.role)) fail(`models.${id}.role is unknown`);
  if (!spec.input || typeof spec.input.name !== 'string') fail(`models.${id}.input.name is missing`);
  if (spec.loadAs !== undefined && spec.loadAs !== 'float32') fail(`models.${id}.loadAs must be "float32" or absent`);
  if (spec.role === 'age') checkAgeModel(id, spec, fail);
  const accepts = spec.role === 'recognizer' ? spec.acceptsEmbeddingsOf : undefined;
  if (accepts !== undefined && !(Array.isArray(accepts) && accepts.every((x) => typeof x === 'string')))
    fail(`models.${id}.acceptsEmbeddingsOf must be a list of recognizer ids`);
}

function checkAgeModel(id: string, spec: Extract<ModelSpec, { role: 'age' }>, fail: (what: string) => never): void {
  try {
    parseAgeGatePolicy(spec.policy, `models.${id}`);
  } catch (err) {
    fail((err as Error).message);
  }
  const crop = spec.crop;
  if (crop !== undefined && !(crop.kind === 'aligned-112' || (crop.kind === 'box' && typeof crop.margin === 'number' && crop.margin >= 0 && crop.margin < 1))) {
    fail(`models.${id}.crop must be {"kind":"aligned-112"} or {"kind":"box","margin":0..1}`);
  }
  const spread = spec.spread;
  if (
    spread !== undefined &&
    !(
      spread.kind === 'views' ||
      (spread.kind === 'quantiles' && spec.decoding.kind === 'distribution' && spread.low > 0 && spread.low < spread.high && spread.high < 1)
    )
  ) {
    fail(`models.${id}.spread must be {"kind":"views"} or {"kind":"quantiles","low":q,"high":q} with 0 < low < high < 1 on a distribution decoding`);
  }
  if (spec.mirror !== undefined && typeof spec.mirror !== 'boolean') fail(`models.${id}.mirror must be true or false`);
  const b = spec.browser;
  if (b !== undefined && (typeof b.file !== 'string' || b.file.includes('..') || b.file.startsWith('/') || !/^[0-9a-f]{64}$/.test(b.sha256))) {
    fail(`models.${id}.browser must name a file inside MODELS_DIR and its sha256`);
  }
  if (b !== undefined && b.weightBytes !== undefined && b.weightBytes !== 2 && b.weightBytes !== 4) fail(`models.${id}.browser.weightBytes must be 2 or 4`);
  if (b !== undefined) {
    try {
      parseAgeGuardBand(b.guardBand, `models.${id}.browser`);
    } catch (err) {
      fail((err as Error).message);
    }
  }
}

/** Resolves `active` ids to model entries, checking each has the role it is used for. */
export function activeModels(manifest: ModelsManifest): ActiveModels {
  const pick = <R extends ModelRole>(id: string, role: R): Extract<ModelSpec, { role: R }> & { id: string } => {
    const spec = manifest.models[id];
    if (!spec)
      throw appError('MODEL_UNAVAILABLE', {
        message: `Models manifest: active ${role} "${id}" has no entry under models`,
        details: { reasons: ['manifest_invalid'] },
      });
    if (spec.role !== role)
      throw appError('MODEL_UNAVAILABLE', { message: `Models manifest: "${id}" is a ${spec.role}, not a ${role}`, details: { reasons: ['manifest_invalid'] } });
    return { ...(spec as Extract<ModelSpec, { role: R }>), id };
  };
  const { active } = manifest;
  if (!Array.isArray(active.liveness) || active.liveness.length === 0) {
    throw appError('MODEL_UNAVAILABLE', {
      message: 'Models manifest: active.liveness must list at least one model',
      details: { reasons: ['manifest_invalid'] },
    });
  }
  return {
    detector: pick(active.detector, 'detector'),
    recognizer: pick(active.recognizer, 'recognizer'),
    age: pick(active.age, 'age'),
    liveness: active.liveness.map((id) => pick(id, 'liveness')),
  };
}
