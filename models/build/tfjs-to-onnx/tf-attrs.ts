import type { TfNode } from './graph-model';

/** Readers for GraphDef attributes as TF.js stores them (strings base64, ints as decimal strings). */
export function attrString(node: TfNode, name: string, fallback = ''): string {
  const s = node.attr?.[name]?.s;
  return s === undefined ? fallback : Buffer.from(s, 'base64').toString('utf8');
}

export function attrStrings(node: TfNode, name: string): string[] {
  return (node.attr?.[name]?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString('utf8'));
}

export function attrInts(node: TfNode, name: string, fallback: number[] = []): number[] {
  const list = node.attr?.[name]?.list?.i;
  return list && list.length ? list.map(Number) : fallback;
}

export function attrFloat(node: TfNode, name: string, fallback: number): number {
  return node.attr?.[name]?.f ?? fallback;
}

/** Fails loudly on layouts the op mappers do not handle rather than converting wrongly. */
export function requireNhwc(node: TfNode): void {
  const format = attrString(node, 'data_format', 'NHWC');
  if (format !== 'NHWC') throw new Error(`${node.name}: data_format ${format} not supported`);
}
