#!/usr/bin/env node
/**
 * The dependency rules of functions/ (docs/architecture.md): dependency-cruiser checks the module rules of
 * .dependency-cruiser.cjs, then this script collapses its graph to folders (functions/<folder>) and fails on any
 * cycle between folders. Run by `npm run check:deps`, in npm test.
 */
import { execFileSync } from 'node:child_process';

/**
 * Folder imports known to close a cycle and accepted, each with its reason. analysis → overlays: the analysis packs
 * the overlay source (overlays/overlay-source.ts) that overlays/ draws, and that format names the analysis' markers
 * and regions; the file moves into analysis once this round's analysis work (which froze moves there) has landed,
 * and this entry goes.
 */
const ACCEPTED_EDGES = [['analysis', 'overlays']];

const out = execFileSync('npx', ['depcruise', 'functions', '--output-type', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const result = JSON.parse(out);

const violations = result.summary.violations ?? [];
for (const v of violations) console.error(`${v.rule.severity} ${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`);

const folderOf = (path) => /^functions\/([^/]+)\//.exec(path)?.[1];
const edges = new Map();
for (const module of result.modules) {
  const from = folderOf(module.source);
  if (!from) continue;
  for (const dep of module.dependencies) {
    const to = folderOf(dep.resolved);
    if (!to || to === from || ACCEPTED_EDGES.some(([a, b]) => a === from && b === to)) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components: every component of more than one folder is a cycle.
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function visit(v) {
  meta.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!meta.has(w)) {
      visit(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) {
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const v of edges.keys()) if (!meta.has(v)) visit(v);

const cycles = components;
for (const c of cycles) {
  const detail = c.map((f) => `${f} → ${[...(edges.get(f) ?? [])].filter((t) => c.includes(t)).join(', ')}`).join('; ');
  console.error(`error no-folder-cycles: functions/{${c.join(',')}} import each other (${detail})`);
}

const errors = violations.filter((v) => v.rule.severity === 'error').length + cycles.length;
console.log(`check-deps: ${result.summary.totalCruised} modules, ${edges.size} folders, ${errors} error(s)`);
process.exit(errors ? 1 : 0);
