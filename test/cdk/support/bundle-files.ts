import { closeSync, openSync, readSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Template } from 'aws-cdk-lib/assertions';

/** The staged asset directory of a function, from its Code.S3Key (`<asset hash>.zip`) in the synthesized outdir. */
export function assetDirOf(template: Template, functionId: string, outdir: string): string {
  const fn = template.toJSON().Resources[functionId] as { Properties: { Code: { S3Key: unknown } } };
  const key = fn.Properties.Code.S3Key;
  if (typeof key !== 'string' || !key.endsWith('.zip')) throw new Error(`unexpected Code.S3Key ${JSON.stringify(key)}`);
  return join(outdir, `asset.${key.slice(0, -'.zip'.length)}`);
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : entry.isFile() ? [path] : [];
  });
}

export interface BundleSize {
  files: number;
  unzippedBytes: number;
  /** Sum of raw-deflated file sizes: within a few percent of the zip CDK uploads. */
  zippedBytesEstimate: number;
  largest: Array<{ path: string; bytes: number }>;
}

export function measureBundle(dir: string): BundleSize {
  const files = listFiles(dir);
  const sizes = files.map((path) => ({ path: relative(dir, path), bytes: statSync(path).size }));
  return {
    files: files.length,
    unzippedBytes: sizes.reduce((sum, file) => sum + file.bytes, 0),
    zippedBytesEstimate: files.reduce((sum, path) => sum + deflateRawSync(readFileSync(path), { level: 6 }).length, 0),
    largest: sizes.sort((a, b) => b.bytes - a.bytes).slice(0, 5),
  };
}

export const ELF_MACHINE = { x86_64: 0x3e, aarch64: 0xb7 } as const;

/** e_machine of an ELF file (offset 18, little-endian), or undefined when the file is not ELF. */
export function elfMachine(path: string): number | undefined {
  const header = Buffer.alloc(20);
  const fd = openSync(path, 'r');
  try {
    if (readSync(fd, header, 0, 20, 0) < 20) return undefined;
  } finally {
    closeSync(fd);
  }
  if (header.readUInt32BE(0) !== 0x7f454c46) return undefined;
  return header[5] === 2 ? header.readUInt16BE(18) : header.readUInt16LE(18);
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
