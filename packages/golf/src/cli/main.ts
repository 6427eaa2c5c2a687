/**
 * Command line for the strokes-gained engine (run from the repository root):
 *
 *   npm run -s golf -- expected --benchmark TOUR < lines      # "lie,distance" per line -> E, 4 decimals
 *   npm run -s golf -- round FILE.json --benchmark NINETY     # a round (or an event with `round`) -> SG JSON
 *
 * A custom level: --target SCORE, or --handicap HI --course-rating CR --slope SLOPE (instead of --benchmark).
 * Bad input prints a message naming the hole and shot (or the input line) to stderr and exits 2.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { roundTo } from '../display.ts';
import { START_LIES, type Round, type StartLie } from '../round.ts';
import { getBaseline } from '../baselines/baseline.ts';
import { RoundError } from '../engine/validate.ts';
import { scoreRound } from '../engine/score.ts';
import type { BenchmarkRef, ScoredRound } from '../engine/types.ts';
import { roundSgBreakdown } from '../engine/categories.ts';

const USAGE = `usage:
  golf expected [--benchmark LEVEL | --target SCORE | --handicap HI --course-rating CR --slope SLOPE] < "lie,distance" lines
  golf round FILE.json [--benchmark LEVEL | --target SCORE | --handicap HI --course-rating CR --slope SLOPE]
LEVEL: TOUR (default), SCRATCH, EIGHTY, NINETY, HUNDRED, LPGA; lie: T F R S H G; distance in yards, feet on G`;

/** Bad input: the message goes to stderr and the exit code is 2. */
export class UsageError extends Error {}

/** Output of a command: stdout text and the exit code. */
export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}

interface Options {
  command: string | undefined;
  positional: string[];
  flags: Map<string, string>;
}

function parseArgs(argv: readonly string[]): Options {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new UsageError(`${arg} needs a value`);
    flags.set(arg.slice(2), value);
    i++;
  }
  const [command, ...rest] = positional;
  return { command, positional: rest, flags };
}

function numberFlag(flags: Map<string, string>, name: string): number {
  const raw = flags.get(name);
  const value = raw === undefined ? Number.NaN : Number(raw);
  if (raw === undefined || raw.trim() === '' || !Number.isFinite(value))
    throw new UsageError(`--${name} must be a number, got '${raw ?? ''}'`);
  return value;
}

/** The benchmark the flags ask for; TOUR when none is given. Checked by building it (unknown -> UsageError). */
function benchmarkFrom(flags: Map<string, string>): BenchmarkRef {
  let ref: BenchmarkRef;
  if (flags.has('target')) ref = { targetScore: numberFlag(flags, 'target') };
  else if (flags.has('handicap') || flags.has('course-rating') || flags.has('slope')) {
    ref = {
      handicapIndex: numberFlag(flags, 'handicap'),
      courseRating: numberFlag(flags, 'course-rating'),
      slope: numberFlag(flags, 'slope'),
    };
  } else ref = (flags.get('benchmark') ?? 'TOUR').toUpperCase() as BenchmarkRef;
  try {
    getBaseline(ref);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return ref;
}

/** Lie words of the published tables are accepted beside the letters. */
const LIE_WORDS: Record<string, StartLie> = { tee: 'T', fairway: 'F', rough: 'R', sand: 'S', recovery: 'H', hazard: 'H', green: 'G' };

function parseLie(text: string): StartLie | undefined {
  const upper = text.toUpperCase();
  if ((START_LIES as readonly string[]).includes(upper)) return upper as StartLie;
  return LIE_WORDS[text.toLowerCase()];
}

/** `expected`: one "lie,distance" per input line (blank lines and # comments skipped), one E per output line. */
export function runExpected(input: string, ref: BenchmarkRef): string {
  const baseline = getBaseline(ref);
  const out: string[] = [];
  input.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const parts = line.split(/[,\s]+/);
    const lie = parseLie(parts[0] ?? '');
    if (parts.length !== 2 || lie === undefined) {
      throw new UsageError(`line ${index + 1}: expected "lie,distance" with lie one of ${START_LIES.join(', ')}, got '${line}'`);
    }
    const distance = Number(parts[1]);
    if (parts[1] === '' || !Number.isFinite(distance) || distance < 0) {
      throw new UsageError(`line ${index + 1}: distance must be a number of at least 0, got '${parts[1] ?? ''}'`);
    }
    out.push(baseline.expected(lie, distance).toFixed(4));
  });
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

/** The CLI's JSON view of a scored round, numbers rounded to 2 decimals. */
export function roundReport(scored: ScoredRound) {
  return {
    benchmark: scored.benchmark,
    score: scored.score,
    sg: roundSgBreakdown(scored.sg),
    holes: scored.holes.map((hole) => ({
      hole: hole.hole,
      par: hole.par,
      score: hole.score,
      sg: roundTo(hole.sg),
      shots: hole.shots.map((shot) => ({ sg: roundTo(shot.sg), category: shot.category, penalty: shot.penalty })),
    })),
  };
}

/** `round`: reads a round, or an event with a `round` field, and scores it. */
export function runRound(json: string, source: string, ref: BenchmarkRef): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`${source}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const round =
    typeof parsed === 'object' && parsed !== null && 'round' in parsed && typeof (parsed as { round: unknown }).round === 'object'
      ? (parsed as { round: unknown }).round
      : parsed;
  try {
    return `${JSON.stringify(roundReport(scoreRound(round as Round, ref)), null, 2)}\n`;
  } catch (error) {
    if (error instanceof RoundError || error instanceof RangeError) throw new UsageError(`${source}: ${error.message}`);
    throw error;
  }
}

/** Runs the CLI on arguments and stdin text; never exits the process (main does). */
export function runCli(argv: readonly string[], readStdin: () => string): CliResult {
  try {
    const options = parseArgs(argv);
    if (options.command === 'expected') {
      return { stdout: runExpected(readStdin(), benchmarkFrom(options.flags)), stderr: '', code: 0 };
    }
    if (options.command === 'round') {
      const file = options.positional[0];
      if (!file) throw new UsageError('round needs a FILE.json (or - for stdin)');
      let text: string;
      try {
        text = file === '-' ? readStdin() : readFileSync(file, 'utf8');
      } catch (error) {
        throw new UsageError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { stdout: runRound(text, file, benchmarkFrom(options.flags)), stderr: '', code: 0 };
    }
    if (options.command === undefined || options.command === 'help' || options.flags.has('help')) {
      return { stdout: `${USAGE}\n`, stderr: '', code: options.command === undefined ? 2 : 0 };
    }
    throw new UsageError(`unknown command '${options.command}'`);
  } catch (error) {
    if (error instanceof UsageError)
      return { stdout: '', stderr: `golf: ${error.message}\n${error.message.startsWith('unknown command') ? `${USAGE}\n` : ''}`, code: 2 };
    throw error;
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const result = runCli(process.argv.slice(2), () => readFileSync(0, 'utf8'));
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  process.exitCode = result.code;
}
