import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * The arguments of `skin <command> <action> …`: the action word, then the options and positionals after it, parsed
 * the one way every such command parses them (unknown options are an error, positionals allowed).
 */
export function parseActionArgs<const O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  const [action, ...rest] = args;
  return { action, ...parseArgs({ args: rest, allowPositionals: true, options }) };
}
