/**
 * The routine engine with what a scan measured beside its markers (RoutineInput.skin): the scan's skin type when
 * the profile gives none, sensitive-prone skin kept fragrance-free, and the skin tone in the sunscreen advice. Then
 * through the API: POST /v1/routines with a scan_id uses the stored scan's skin type and tone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Severity } from '../../functions/analysis/skin/markers';
import { generateRoutine, ROUTINE_SOURCES, type RoutinePlan, type Step } from '../../functions/routines/engine/index';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';

const result = (score: number, severity: Severity) => ({ score, severity });
const protect = (plan: RoutinePlan): Step => plan.am.at(-1)!;
const moisturise = (plan: RoutinePlan): Step => plan.am.find((s) => s.step === 'moisturise')!;

describe('skin type from the scan', () => {
  it('when the profile gives no skin type and the scan measured oily skin, then the routine is shaped for oily skin and says why', () => {
    const plan = generateRoutine({ markers: { acne: result(90, 'low') }, skin: { type: 'oily' } });

    expect(moisturise(plan).description).toBe('Light, oil-free, non-comedogenic gel or lotion.');
    expect(plan.am[0]!.description).toBe('Gentle gel or foaming cleanser (no harsh sulfates, no drying alcohol).');
    expect(plan.notes).toContain('Skin type not given: treated as oily, as the scan measured it (T-zone and cheek shine, cheek dryness marks).');
    expect(plan.rules_applied.map((r) => r.id)).toContain('skin_type_from_scan');
  });

  it('when the profile gives a skin type, then it wins over the scan\'s', () => {
    const plan = generateRoutine({ markers: {}, profile: { skin_type: 'dry' }, skin: { type: 'oily' } });

    expect(moisturise(plan).description).toBe('Richer cream with humectants, ceramides and an occlusive.');
    expect(plan.rules_applied.map((r) => r.id)).not.toContain('skin_type_from_scan');
    expect(plan.notes.some((n) => n.startsWith('Skin type not given'))).toBe(false);
  });

  it('when the scan reads sensitive-prone skin without a redness concern, then products are fragrance-free and the warning says why', () => {
    const plain = generateRoutine({ markers: {}, skin: { type: 'normal' } });
    const prone = generateRoutine({ markers: {}, skin: { type: 'normal', sensitive_prone: true } });

    expect(plain.warnings.some((w) => w.startsWith('Avoid fragrance'))).toBe(false);
    expect(prone.warnings).toContain(
      'Avoid fragrance, essential oils and drying alcohol (because the scan reads the skin as sensitive-prone (redness)): they can sensitise and irritate.',
    );
    expect(moisturise(prone).description).toBe('Fragrance-free non-comedogenic lotion or light cream.');
  });
});

describe('skin tone in the sunscreen advice', () => {
  it('when the scan reads very light or light skin, then the sunscreen step asks for SPF 50 and cites why', () => {
    for (const tone of ['very_light', 'light'] as const) {
      const plan = generateRoutine({ markers: {}, skin: { tone } });
      expect(protect(plan).description).toBe('Broad-spectrum sunscreen, SPF 50, as the last morning step (before make-up); reapply every two hours outdoors.');
      expect(protect(plan).key_ingredients.map((k) => k.source)).toContain('del_bino_2013');
      expect(plan.sources.del_bino_2013).toEqual({ title: ROUTINE_SOURCES.del_bino_2013!.title, url: ROUTINE_SOURCES.del_bino_2013!.url });
      expect(plan.rules_applied.map((r) => r.id)).toContain('sun_protection_by_tone');
    }
  });

  it('when tan, brown or dark skin has a pigmentation concern, then the sunscreen is tinted with iron oxides; without the concern, or on light skin, it is not', () => {
    const pigmented = { pigmentation: result(45, 'moderate') };
    for (const tone of ['tan', 'brown', 'dark'] as const) {
      const step = protect(generateRoutine({ markers: pigmented, skin: { tone } }));
      expect(step.description).toBe('Tinted broad-spectrum sunscreen with iron oxides, SPF 30 or higher, as the last morning step (before make-up).');
      expect(step.key_ingredients.find((k) => k.name === 'Iron Oxides')).toMatchObject({ marker: 'pigmentation', source: 'mahmoud_2010' });
    }
    const noConcern = protect(generateRoutine({ markers: {}, skin: { tone: 'brown' } }));
    expect(noConcern.description).toBe('Broad-spectrum sunscreen, SPF 30 or higher, as the last morning step (before make-up).');
    expect(noConcern.key_ingredients.map((k) => k.name)).not.toContain('Iron Oxides');
    const light = protect(generateRoutine({ markers: pigmented, skin: { tone: 'light' } }));
    expect(light.key_ingredients.map((k) => k.name)).not.toContain('Iron Oxides');
  });

  it('when no tone is known (marker results sent as they are), then the advice is the SPF 30 everyone gets', () => {
    const plan = generateRoutine({ markers: { pigmentation: result(45, 'moderate') } });
    expect(protect(plan).description).toBe('Broad-spectrum sunscreen, SPF 30 or higher, as the last morning step (before make-up).');
    expect(plan.rules_applied.map((r) => r.id)).not.toContain('sun_protection_by_tone');
  });
});

describe('POST /v1/routines from a scan', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when a routine is made from a completed scan without a profile skin type, then it uses the scan's measured skin type and tone", async () => {
    const scanResponse = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: await faceJpeg('light'), markers: 'acne' }), headers: bearer(stack.key) });
    const scan = await scanResponse.json();
    expect(scanResponse.status).toBe(201);
    expect(scan.skin_type.type).toMatch(/^(dry|oily|combination|normal)$/);
    expect(scan.skin_tone.category).toMatch(/^(very_light|light|intermediate|tan|brown|dark)$/);

    const response = await fetch(`${stack.apiUrl}/v1/routines`, {
      method: 'POST',
      body: JSON.stringify({ scan_id: scan.scan_id }),
      headers: bearer(stack.key, { 'Content-Type': 'application/json' }),
    });
    const routine = await response.json();

    expect(response.status).toBe(201);
    expect(routine.notes).toContain(`Skin type not given: treated as ${scan.skin_type.type}, as the scan measured it (T-zone and cheek shine, cheek dryness marks).`);
    expect(routine.rules_applied.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['skin_type_from_scan', 'sun_protection_by_tone']));
    const expected = generateRoutine({
      markers: scan.markers,
      skin: { type: scan.skin_type.type, sensitive_prone: scan.skin_type.sensitive_prone, tone: scan.skin_tone.category },
    });
    expect(routine.am).toEqual(expected.am);
  });
});
