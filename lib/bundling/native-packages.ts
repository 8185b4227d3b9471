import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/**
 * Installs native npm packages (and their runtime dependencies) into a Lambda bundle for ONE target platform,
 * from the project's own node_modules: no `npm install` in the bundle, no Docker. The dependency closure and
 * each package's os/cpu/libc come from package-lock.json, so optional per-platform packages (sharp's
 * `@img/sharp-linux-arm64`, …) are chosen for the Lambda target, not for the machine that synthesizes.
 * A platform package that npm did not install here (arm64 on an x64 machine) is fetched once with `npm pack`
 * (the ordinary npm client, its cache makes repeats offline), checked against the lock file's integrity and
 * kept under node_modules/.cache/skin-cdk/.
 */

export type LambdaCpu = 'arm64' | 'x64';

export interface TargetPlatform {
  os: 'linux';
  cpu: LambdaCpu;
  libc: 'glibc';
}

interface LockEntry {
  version?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dev?: boolean;
}

interface LockFile {
  packages: Record<string, LockEntry>;
}

/** What a package needs at run time on Lambda; everything else in it is left out of the bundle. */
interface PackageRule {
  /** Dependencies only its install script uses. */
  skipDependencies?: string[];
  /** Package-relative paths (posix) to leave out, beyond the common rules. */
  exclude?: (path: string, target: TargetPlatform) => boolean;
}

const PACKAGE_RULES: Record<string, PackageRule> = {
  'onnxruntime-node': {
    // adm-zip and global-agent serve script/install (CUDA downloads), never the runtime.
    skipDependencies: ['adm-zip', 'global-agent'],
    exclude: (path, target) => {
      if (path.startsWith('script/') || path.startsWith('lib/')) return true;
      // bin/napi-v6/<platform>/<arch>/…: keep linux/<cpu> only.
      const match = /^bin\/napi-v\d+\/([^/]+)(?:\/([^/]+))?/.exec(path);
      if (!match) return false;
      if (match[1] !== target.os) return true;
      return match[2] !== undefined && match[2] !== target.cpu;
    },
  },
  'onnxruntime-common': { exclude: (path) => path.startsWith('lib/') },
  sharp: { exclude: (path) => path.startsWith('src/') || path.startsWith('install/') },
};

/** Type declarations, source maps, sources and docs: never loaded at run time. */
function commonExclude(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  if (/\.(d\.ts|d\.mts|d\.cts|map|ts|mts|cts|h|hpp|cc|cpp|gyp|gypi)$/.test(name)) return true;
  if (/^(README|CHANGELOG|HISTORY)(\..*)?$/i.test(name)) return true;
  return path.split('/').some((part) => part === 'include' || part === 'test' || part === 'tests' || part === '.github');
}

export function matchesPlatform(entry: LockEntry, target: TargetPlatform): boolean {
  const fits = (list: string[] | undefined, value: string) => {
    if (!list || list.length === 0) return true;
    if (list.includes(`!${value}`)) return false;
    const positives = list.filter((item) => !item.startsWith('!'));
    return positives.length === 0 || positives.includes(value);
  };
  return fits(entry.os, target.os) && fits(entry.cpu, target.cpu) && fits(entry.libc, target.libc);
}

/** Where npm's resolution puts `dep` as seen from the package at `fromPath` (a lock file key). */
function resolveLockPath(lock: LockFile, fromPath: string, dep: string): string | undefined {
  let base = fromPath;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

export interface PlannedPackage {
  /** Lock file key, e.g. `node_modules/@img/sharp-linux-arm64`; also the path inside the bundle. */
  lockPath: string;
  name: string;
  version: string;
  integrity?: string;
}

/** The run-time dependency closure of `roots` for the target platform, from package-lock.json. */
export function planPackages(lock: LockFile, roots: string[], target: TargetPlatform): PlannedPackage[] {
  const planned = new Map<string, PlannedPackage>();
  const visit = (lockPath: string, name: string) => {
    if (planned.has(lockPath)) return;
    const entry = lock.packages[lockPath];
    if (!entry?.version) throw new Error(`package-lock.json has no entry for ${name} (${lockPath})`);
    planned.set(lockPath, { lockPath, name, version: entry.version, integrity: entry.integrity });
    const skip = new Set(PACKAGE_RULES[name]?.skipDependencies ?? []);
    const required = Object.keys(entry.dependencies ?? {});
    const optional = Object.keys(entry.optionalDependencies ?? {});
    for (const dep of [...required, ...optional]) {
      if (skip.has(dep)) continue;
      const depPath = resolveLockPath(lock, lockPath, dep);
      if (!depPath) {
        if (optional.includes(dep)) continue;
        throw new Error(`package-lock.json cannot resolve ${dep}, a dependency of ${name}`);
      }
      if (!matchesPlatform(lock.packages[depPath], target)) continue;
      visit(depPath, dep);
    }
  };
  for (const root of roots) {
    const lockPath = resolveLockPath(lock, '', root);
    if (!lockPath) throw new Error(`${root} is not in package-lock.json`);
    visit(lockPath, root);
  }
  return [...planned.values()];
}

function sha512Integrity(file: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** A package npm did not install on this machine (another cpu): `npm pack` once, verify, unpack, cache. */
function fetchPackage(projectRoot: string, pkg: PlannedPackage): string {
  const cacheRoot = join(projectRoot, 'node_modules', '.cache', 'skin-cdk', 'packages');
  const dir = join(cacheRoot, `${pkg.name.replace('/', '+')}@${pkg.version}`);
  if (existsSync(join(dir, 'package.json'))) return dir;
  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'skin-cdk-pack-'));
  try {
    // npm's cache first (no network at all), then the registry, failing fast when it is unreachable.
    const pack = (mode: string[]) =>
      spawnSync('npm', ['pack', `${pkg.name}@${pkg.version}`, '--pack-destination', work, '--ignore-scripts', ...mode], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    let packed = pack(['--offline']);
    if (packed.status !== 0) packed = pack(['--prefer-offline', '--fetch-retries=1', '--fetch-timeout=30000']);
    if (packed.status !== 0) {
      throw new Error(
        `${pkg.name}@${pkg.version} (${pkg.lockPath}) is not installed for this platform and \`npm pack\` could not fetch it ` +
          `(it needs the npm registry once; afterwards npm's cache serves it offline). ` +
          `Synthesize for the machine's own architecture with \`-c architecture=x86_64\`, or run once with registry access.\n${packed.stderr}`,
      );
    }
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg.name}@${pkg.version} wrote no tarball`);
    const tarPath = join(work, tarball);
    if (pkg.integrity?.startsWith('sha512-') && sha512Integrity(tarPath) !== pkg.integrity) {
      throw new Error(`${pkg.name}@${pkg.version}: the packed tarball does not match package-lock.json's integrity`);
    }
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    const untar = spawnSync('tar', ['-xzf', tarPath, '-C', unpacked, '--strip-components=1'], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${untar.stderr}`);
    try {
      renameSync(unpacked, dir);
    } catch (error) {
      // Another bundling (a parallel synth) cached the same package first: use that copy.
      if (!existsSync(join(dir, 'package.json'))) throw error;
    }
    return dir;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Copies the planned packages into `outDir/node_modules/…`, pruned to what runs on the target. */
export function installPackages(options: {
  projectRoot: string;
  outDir: string;
  packages: string[];
  target: TargetPlatform;
}): PlannedPackage[] {
  const lock = JSON.parse(readFileSync(join(options.projectRoot, 'package-lock.json'), 'utf8')) as LockFile;
  const plan = planPackages(lock, options.packages, options.target);
  for (const pkg of plan) {
    const installed = join(options.projectRoot, pkg.lockPath);
    const source = existsSync(join(installed, 'package.json')) && readVersion(installed) === pkg.version
      ? installed
      : fetchPackage(options.projectRoot, pkg);
    const rule = PACKAGE_RULES[pkg.name];
    const destination = join(options.outDir, pkg.lockPath);
    cpSync(source, destination, {
      recursive: true,
      // Nested node_modules are separate lock entries, copied (or not) by their own plan entry.
      filter: (from) => {
        const path = toPosix(relative(source, from));
        if (path === '') return true;
        if (path === 'node_modules' || path.startsWith('node_modules/')) return false;
        if (statSync(from).isDirectory()) return true;
        return !commonExclude(path) && !(rule?.exclude?.(path, options.target) ?? false);
      },
    });
    removeEmptyDirectories(destination);
  }
  return plan;
}

/** Directories whose every file was excluded (other platforms' binaries, headers) are left out too. */
function removeEmptyDirectories(dir: string): boolean {
  let empty = true;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && removeEmptyDirectories(join(dir, entry.name))) continue;
    empty = false;
  }
  if (empty) rmSync(dir, { recursive: true });
  return empty;
}

function readVersion(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
