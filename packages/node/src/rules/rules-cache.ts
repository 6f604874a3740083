// The hook's disk cache of prepared rules. Every tool call starts a fresh hook process, and preparing rules
// from scratch — parsing the files, then the regex analysis of compiling them — costs tens of milliseconds, more
// than the call's whole budget above Node's own start-up. So the first process stores, per set of rule files,
// what a call needs: every diagnostic of the files, and for each capability the enabled rules a call of that
// capability can meet, with the regex forms those rules use (@ssg/engine's regex-form.ts). A later process reads only
// its call's section and compiles it with the stored forms, which leaves nothing to do but `new RegExp`.
//
// An entry is used only when its build (the running ssg bundle and Node) matches and every rule file still has
// the path, mtime and size it was stored with; anything else — a missing, corrupt or foreign entry — is
// ignored and rewritten. The folder `<home>/cache/rules/` can be deleted at any time.
//
// Layout of an entry: one line of JSON (the header: build, files, diagnostics, where each section is), then
// the sections' JSON back to back, so a reader parses the header and one section, not the whole rule set.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CAPABILITIES,
  type Capability,
  type CompiledRuleSet,
  compileRules,
  type Diagnostic,
  type ParsedFile,
  type RegexForms,
  type RuleNode,
} from '@ssg/engine/node';
import { writeFileAtomic } from '../atomic-write';
import { loadRuleFiles } from './load';
import { nameHash } from '../name-hash';

const FORMAT = 2;

/** Set by the bundler (build.mjs) to name the build; absent when running from source. */
declare const __SSG_BUILD_ID__: string | undefined;

export interface CallRules {
  /** Complete for calls of the capability asked for; other capabilities may miss their own rules. */
  ruleset: CompiledRuleSet;
  /** Parse diagnostics of every file, then the compiler's, as `loadRules` reports them. */
  diagnostics: Diagnostic[];
}

interface FileStamp {
  path: string;
  mtimeMs: number;
  size: number;
}

interface Header {
  format: number;
  build: string;
  files: FileStamp[];
  diagnostics: Diagnostic[];
  /** Byte ranges of the sections, counted from the end of the header line. */
  sections: Partial<Record<Capability, [number, number]>>;
}

interface Section {
  /** Each rule file's rules that belong to the section, in file order. */
  files: Array<{ file: string; rules: RuleNode[]; project?: boolean }>;
  regexForms: RegexForms;
}

export class RulesCache {
  constructor(
    private readonly dir: string,
    /** Identifies the ssg build and Node that wrote an entry; entries of any other are ignored. */
    private readonly build: string,
    /** The ssg home, whose accepted project copies load as the project layer (load.ts). */
    private readonly home?: string,
  ) {}

  /**
   * The cache under `<home>/cache/`, keyed to the running ssg build and Node version (V8 decides which regexes
   * its linear-time engine runs). Run from source, the build is this file's size and mtime; none when that
   * cannot be read either, since entries of an unknown build cannot be trusted.
   */
  static inHome(home: string): RulesCache | undefined {
    const build = typeof __SSG_BUILD_ID__ === 'string' ? __SSG_BUILD_ID__ : sourceBuild();
    return build === undefined
      ? undefined
      : new RulesCache(join(home, 'cache', 'rules'), `${build}-${process.version}`, home);
  }

  entryPath(files: readonly string[]): string {
    return join(this.dir, `${nameHash(files.join('\0'))}.json`);
  }

  /** The rules of these files (in this order) for a call of `capability`: from the cache when current. */
  rulesFor(files: string[], capability: Capability): CallRules {
    if (files.length === 0) return { ruleset: compileRules([]), diagnostics: [] };
    const entryPath = this.entryPath(files);
    return this.read(entryPath, files, capability) ?? this.prepare(entryPath, files);
  }

  private read(entryPath: string, files: readonly string[], capability: Capability): CallRules | undefined {
    let fd: number | undefined;
    try {
      fd = openSync(entryPath, 'r');
      const { header, bodyStart } = readHeader(fd);
      if (!this.isCurrent(header, files)) return undefined;
      const range = Object.hasOwn(header.sections, capability) ? header.sections[capability] : undefined;
      if (!range) return undefined;
      const [start, end] = range;
      const section = JSON.parse(readText(fd, bodyStart + start, end - start)) as Section;
      const parsed: ParsedFile[] = section.files.map(({ file, rules, project }) => ({
        file,
        rules,
        diagnostics: [],
        ...(project ? { project } : {}),
      }));
      return { ruleset: compileRules(parsed, { regexForms: section.regexForms }), diagnostics: header.diagnostics };
    } catch {
      // Missing, corrupt or foreign: whatever failed to read or compile, preparing afresh gets it right.
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  private isCurrent(header: Header, files: readonly string[]): boolean {
    if (header.format !== FORMAT || header.build !== this.build || !Array.isArray(header.diagnostics)) return false;
    if (!Array.isArray(header.files) || header.files.length !== files.length) return false;
    return header.files.every((stamp, i) => {
      if (stamp.path !== files[i]) return false;
      const stat = statSync(stamp.path, { throwIfNoEntry: false });
      return stat !== undefined && stat.mtimeMs === stamp.mtimeMs && stat.size === stamp.size;
    });
  }

  /** Loads the files as `loadRules` does, and stores the result for the next process. */
  private prepare(entryPath: string, files: string[]): CallRules {
    // Stamped before reading: a file edited in between is stored with its old stamp and so read afresh next time.
    const stamps = files.map(stampOf);
    const loaded = loadRuleFiles(files, this.home);
    try {
      writeFileAtomic(entryPath, this.entry(stamps, loaded.parsed, loaded.diagnostics, loaded.ruleset.regexForms), {
        mode: 0o600,
      });
    } catch {
      // The cache only saves time; an unwritable cache folder must not stop evaluation.
    }
    return { ruleset: loaded.ruleset, diagnostics: loaded.diagnostics };
  }

  private entry(stamps: FileStamp[], parsed: ParsedFile[], diagnostics: Diagnostic[], forms: RegexForms): string {
    const sections: Header['sections'] = {};
    let body = '';
    let offset = 0;
    for (const capability of CAPABILITIES) {
      const files = parsed.map(({ file, rules, project }) => ({
        file,
        rules: rules.filter((rule) => rule.enabled && (rule.target === capability || rule.target === 'any')),
        ...(project ? { project } : {}),
      }));
      // Compiling the section (every form known, so no analysis) tells which forms its rules use.
      const { regexForms } = compileRules(
        files.map((file) => ({ ...file, diagnostics: [] })),
        { regexForms: forms },
      );
      const text = JSON.stringify({ files, regexForms } satisfies Section);
      const length = Buffer.byteLength(text);
      sections[capability] = [offset, offset + length];
      offset += length;
      body += text;
    }
    const header: Header = { format: FORMAT, build: this.build, files: stamps, diagnostics, sections };
    return `${JSON.stringify(header)}\n${body}`;
  }
}

function sourceBuild(): string | undefined {
  const self = statSync(fileURLToPath(import.meta.url), { throwIfNoEntry: false });
  return self && `${self.size}-${self.mtimeMs}`;
}

/** The header line, read in growing chunks (it is short: the rule files, their diagnostics, the ranges). */
function readHeader(fd: number): { header: Header; bodyStart: number } {
  for (let length = 64 * 1024; ; length *= 4) {
    const chunk = Buffer.allocUnsafe(length);
    const read = readSync(fd, chunk, 0, length, 0);
    const end = chunk.subarray(0, read).indexOf(10);
    if (end >= 0) return { header: JSON.parse(chunk.toString('utf8', 0, end)) as Header, bodyStart: end + 1 };
    if (read < length) throw new Error('no header line');
  }
}

function readText(fd: number, position: number, length: number): string {
  const bytes = Buffer.allocUnsafe(length);
  if (readSync(fd, bytes, 0, length, position) !== length) throw new Error('truncated section');
  return bytes.toString('utf8');
}

function stampOf(path: string): FileStamp {
  try {
    const { mtimeMs, size } = statSync(path);
    return { path, mtimeMs, size };
  } catch {
    // A file that cannot be stat'ed cannot be read either, and loading it reports why.
    return { path, mtimeMs: -1, size: -1 };
  }
}
