/**
 * The finest relief (the skin model's `pits.dark`, `pits.bright` and `lines.fine`) confirmed by luminance, since
 * skin-v1.14.0.
 *
 * The skin model reads pits and lines off the relief density, OD_Y plus a σ 1 blur of shading − OD_Y: a chroma term
 * that explains away what melanin and haemoglobin add to luminance, so a brown or red spot is not read as a pore
 * (models/build/skin-model.ts `reliefDensity`). At the finest scale that term also carries a JPEG's chroma: where it
 * deepens a pit or a fleck beyond what luminance shows, a re-save's quantised chroma moves it, and the same holds
 * for luminance's own detail that the chroma term no longer cancels. Pores and hydration read quality-70 re-saves as
 * rougher skin (sean_guru2 pores 82 → 78, biden's and sean_guru2's hydration 94 → 90 and 90 → 86; docs/analysis.md,
 * "Consistency", root cause 55). Texture met the same in its band and confirmed it by luminance (root cause 25,
 * texture.ts `confirmedRelief`); this does the same for the finest Hessian responses: per pixel the skin model's
 * response, at most the response of luminance density alone. Colour may still explain a luminance pit, fleck or
 * line away (a spot is not a pore), but it can no longer add one of its own. Since skin-v1.15.0 blackheads read their
 * dots off the same confirmed dark-pit map (markers/blackheads.ts `blackheadPits`; sean_guru2 74 → 78 at quality 70
 * before; root cause 62). Wrinkles read the model's lines as before: their quality-70 move is luminance's own (root
 * cause 63).
 *
 * Luminance's responses are the skin model's own output `luma_relief` (models/build/skin-model.ts
 * `luminanceRelief`: the same Hessian as `pits` and `lines`, on OD_Y alone; dark pit the smaller of its σ 1 and
 * σ 1.6 responses, bright fleck and fine line at σ 1). Round 10 measured them here in JavaScript, over the box round
 * the two markers' regions and again on each region's square for the per-region results (≈ 15 ms a scan); the graph
 * measures them once over the whole crop, in float32 (≈ 6.5 ms more a run; the scores the same, raw values within
 * 1e-5 relative), and the per-region results copy them like every other output (docs/performance.md, "Session 10").
 */

/** Per pixel the skin model's response, at most luminance's: colour may explain relief away, never add it. */
export function confirmedByLuminance(model: Float32Array, luminance: Float32Array): Float32Array {
  const out = new Float32Array(model.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(model[i]!, luminance[i]!);
  return out;
}
