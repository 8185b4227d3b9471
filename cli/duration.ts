import { CliError } from './admin-context';

/** `90s`, `15m`, `24h`, `7d` → milliseconds. */
export function parseDuration(value: string, flag: string): number {
  const match = /^(\d+)(s|m|h|d)$/.exec(value.trim());
  if (!match) throw new CliError(`${flag}: expected a duration such as 30m, 24h or 7d, received ${JSON.stringify(value)}`);
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}
