import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PERCEIVED_AGE_IO } from '../../functions/analysis/face/perceived-age-io';
import { humanModelsDir } from './face-models';
import { convertGraphModel } from './tfjs-to-onnx/convert';
import { readGraphModel } from './tfjs-to-onnx/graph-model';

/**
 * Converts HSE FaceRes (`faceres.json` of @vladmandic/human: a MobileNet trained by A. V. Savchenko for age,
 * gender and face identity, Apache-2.0) to `perceived-age.onnx`, keeping only the age output: the service
 * reports perceived age and has no use for gender or an identity descriptor, so neither leaves the graph.
 */
export async function buildPerceivedAgeModel(outDir: string): Promise<void> {
  const graph = await readGraphModel(join(await humanModelsDir(), 'faceres.json'));
  const io = PERCEIVED_AGE_IO;
  const outputs = graph.outputs.filter((o) => o.key === io.sourceOutput);
  if (outputs.length !== 1) throw new Error(`faceres.json: no output ${io.sourceOutput}`);
  const bytes = convertGraphModel(
    { ...graph, outputs },
    {
      graphName: 'perceived-age',
      rename: { [io.sourceInput]: io.input, [io.sourceOutput]: io.ages },
      docString: 'HSE FaceRes age head (MobileNet, 224x224, BGR minus VGG means); converted from @vladmandic/human models/faceres.json',
      props: {
        license: 'Apache-2.0',
        weights: 'HSE_FaceRec_tf by A. V. Savchenko (Apache-2.0), TF.js graph model packaged by @vladmandic/human (MIT); see models/LICENSES.md',
      },
    },
  );
  await writeFile(join(outDir, io.file), bytes);
}
