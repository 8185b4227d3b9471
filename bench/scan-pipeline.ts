import sharp from 'sharp';
import { createAnalyzer } from '../functions/analysis/create-analyzer';
import { startTestStack } from '../test/helpers/stack';
import { bearer, scanForm } from '../test/helpers/http';
import { benchJpeg } from './images';
import { formatRow, medianMs } from './stats';

/**
 * Issue 2's benchmark: per image size, median times of decoding alone, the analysis, and a whole local
 * POST /v1/scans round trip, measured side by side in one run, with ratios to the decode time.
 */
export async function benchScanPipeline(runs = 5): Promise<void> {
  const analyzer = await createAnalyzer({});
  const stack = await startTestStack();
  try {
    const widths = [10, 12, 12, 14, 14, 12, 12];
    console.log('\nScan pipeline (median of %d runs, ms; ratios to decode alone)', runs);
    console.log(formatRow(['image', 'bytes', 'decode', 'analysis', 'round trip', 'analysis/x', 'trip/x'], widths));
    for (const megapixels of [1, 12]) {
      const jpeg = await benchJpeg(megapixels);
      const meta = await sharp(jpeg).metadata();
      const decode = await medianMs(() => sharp(jpeg).raw().toBuffer(), runs);
      const analysis = await medianMs(() => analyzer.analyze(jpeg, ['acne', 'pigmentation', 'hydration', 'redness', 'wrinkles', 'pores', 'oiliness', 'dark_circles', 'texture']), runs);
      const trip = await medianMs(async () => {
        const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: jpeg }), headers: bearer(stack.key) });
        if (response.status !== 201) throw new Error(`round trip answered ${response.status}: ${await response.text()}`);
      }, runs);
      console.log(
        formatRow(
          [`${meta.width}x${meta.height}`, jpeg.length, decode.toFixed(1), analysis.toFixed(1), trip.toFixed(1), (analysis / decode).toFixed(2), (trip / decode).toFixed(2)],
          widths,
        ),
      );
    }
  } finally {
    await stack.close();
  }
}
