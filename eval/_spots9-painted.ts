// Throwaway probe ([spots9]): caches painted age-spot faces (added-markers.test.ts's painter) for eval/_spots9-age.ts.
import { writeFileSync } from 'node:fs';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { faceJpeg } from '../test/helpers/images';
import * as paint from '../test/analysis/support/painting';
import * as added from '../test/analysis/support/painting-added';
const analyzer = await createInspectingAnalyzer({});
for (const name of ['frontal', 'light'] as const) {
  const face = await paint.locateFace(analyzer as any, await faceJpeg(name));
  for (const n of [0, 3, 6, 10]) {
    const ins = await analyzer.inspect(await paint.encodePhoto(added.ageSpots(face, n)), MARKER_NAMES, { overlays: false });
    const masks: Record<string, string> = {};
    for (const [k, m] of Object.entries(ins.regions!.masks)) masks[k] = Buffer.from(m).toString('base64');
    writeFileSync(`/tmp/spots9-cache/painted-${name}@n${n}.json`, JSON.stringify({ status: 'completed', side: ins.window!.side, crop: { width: ins.crop!.width, height: ins.crop!.height, data: Buffer.from(ins.crop!.data).toString('base64') }, regions: { size: ins.regions!.size, masks }, crowsFeetWeight: ins.features!.details.wrinkles!.crows_feet_weight }));
    console.log(name, n, (ins.outcome as any).markers.age_spots.score);
  }
}
await analyzer.close();
