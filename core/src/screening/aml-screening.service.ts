import type { InferenceReadDocumentResponse__Output } from '@idgate/protos';
import type { ScreeningEngine, ScreeningHit } from './index.ts';
import { alpha2OfCountry } from '../geo/countries.ts';
import { PLANS, isPlanName } from '../tenancy/plans.ts';

export interface AmlResult {
  performed: boolean;
  /** Hits above the threshold; the review context holds them (tenant reviewer only). */
  hits: ScreeningHit[];
}

/**
 * Sanctions and PEP screening on document verifications (spec §1; docs/screening.md): the identity read
 * from the document is screened in-process against the loaded list; nothing leaves the service.
 * Runs only when the plan includes it and a list is loaded. A hit never fails a session: the
 * caller routes it to review with reason `aml_match`. The screened name is kept nowhere but in
 * that review's context.
 */
export class AmlScreeningService {
  private readonly engine: ScreeningEngine | undefined;

  constructor(engine: ScreeningEngine | undefined) {
    this.engine = engine;
  }

  screenDocument(plan: string, reading: InferenceReadDocumentResponse__Output): AmlResult {
    const enabled = isPlanName(plan) && PLANS[plan].amlScreening;
    // In MRZ order, surname first: a name that fills the MRZ name field may end in a cut given
    // name, which the engine then matches as a prefix (docs/screening.md).
    const name = [reading.surname?.trim(), reading.givenNames?.trim()].filter(Boolean).join(', ');
    if (!enabled || !this.engine?.ready || !name) return { performed: false, hits: [] };
    const hits = this.engine.screen(
      {
        name,
        birthDate: reading.dateOfBirth || undefined,
        nationality: reading.nationality ? alpha2OfCountry(reading.nationality) : undefined,
      },
      { limit: 5 },
    );
    return { performed: true, hits };
  }
}
