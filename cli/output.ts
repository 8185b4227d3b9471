/** Prints either stable JSON (for machines) or aligned text (for people). */
export function print(json: boolean, value: unknown, text: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text()}\n`);
}

export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((cell) => cell[i].length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}
