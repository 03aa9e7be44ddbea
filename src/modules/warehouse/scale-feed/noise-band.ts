/**
 * docs/domain.md#scale-feed: `lastWeightChange` moves only when a reading leaves the noise band
 * around the weight at the last change (docs/decisions/057-scale-feed-ingestion.md).
 */

/** The band when `rack_scale_settings` has no row (its column's default). */
export const DEFAULT_NOISE_BAND_GRAMS = 5;

/**
 * Whether `weight` moves the scale's last change: the first weight a scale reports does (there is
 * no base yet), and later ones do when they differ from `base` — the weight at the last change,
 * not the previous reading — by more than `bandGrams`. Measured against the base, a slow drift of
 * 3 g a reading moves it once it has drifted past the band, instead of never.
 */
export function movesBeyondNoiseBand(base: number | null, weight: number, bandGrams: number): boolean {
  return base === null || Math.abs(weight - base) > bandGrams;
}
