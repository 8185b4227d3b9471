/**
 * The consistency evaluation's view of the descriptions beside the scores (docs/markers.md, "Descriptions"): how
 * far ITA° moves, whether the tone category and the skin type change, and the worst per-region score drift, from
 * each photo to its variants. Used by eval/consistency.ts; one small block there calls it.
 */
import type { CompletedAnalysis } from '../functions/analysis/analyzer';

export interface Description {
  ita: number;
  tone: string;
  type: string | null;
  /** `marker/region` → score. */
  regions: Record<string, number>;
}

export function describe(outcome: CompletedAnalysis): Description {
  const regions: Record<string, number> = {};
  for (const [marker, byRegion] of Object.entries(outcome.regionResults)) {
    for (const [region, result] of Object.entries(byRegion ?? {})) regions[`${marker}/${region}`] = result!.score;
  }
  return { ita: outcome.skinTone.ita, tone: outcome.skinTone.category, type: outcome.skinType?.type ?? null, regions };
}

interface Scored {
  status: string;
  face?: number;
  description?: Description;
}

/** Prints, over faces of at least `minFace` px in both photos, the worst drift of each description per variant. */
export function printDescriptionDrift(results: Record<string, Record<string, Scored>>, minFace: number): void {
  const worst: Record<string, { ita: number; toneChanges: number; typeChanges: number; region: number; where: string; compared: number }> = {};
  for (const [photo, byVariant] of Object.entries(results)) {
    const base = byVariant.original;
    if (!base?.description || (base.face ?? 0) < minFace) continue;
    for (const [variant, out] of Object.entries(byVariant)) {
      if (variant === 'original' || !out.description || (out.face ?? 0) < minFace) continue;
      const w = (worst[variant] ??= { ita: 0, toneChanges: 0, typeChanges: 0, region: 0, where: '', compared: 0 });
      w.compared++;
      w.ita = Math.max(w.ita, Math.abs(out.description.ita - base.description.ita));
      if (out.description.tone !== base.description.tone) w.toneChanges++;
      if (out.description.type !== base.description.type) w.typeChanges++;
      for (const [key, score] of Object.entries(base.description.regions)) {
        const after = out.description.regions[key];
        if (after === undefined) continue;
        if (Math.abs(after - score) > w.region) {
          w.region = Math.abs(after - score);
          w.where = `${photo} ${key} ${score}→${after}`;
        }
      }
    }
  }
  console.log(`\nDescriptions, faces ≥ ${minFace} px: per variant the largest ITA° move, tone-category and skin-type changes, worst per-region score drift`);
  for (const [variant, w] of Object.entries(worst)) {
    console.log(
      `  ${variant.padEnd(10)} ITA° ${w.ita.toFixed(1).padStart(5)}  tone changed ${w.toneChanges}/${w.compared}  type changed ${w.typeChanges}/${w.compared}  region ${String(w.region).padStart(3)} (${w.where || '—'})`,
    );
  }
}
