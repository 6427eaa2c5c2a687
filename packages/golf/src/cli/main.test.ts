import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'golf-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function golf(args: string[], input = '') {
  const result = spawnSync(tsx, [main, ...args], { input, encoding: 'utf8', cwd: root, timeout: 30_000 });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const contractRound = {
  course: 'Royal Example',
  units: 'FEET_YARDS',
  holes: [
    {
      hole: 1,
      par: 4,
      shots: [
        { from: 'T', dist: 402, to: 'F' },
        { from: 'F', dist: 148, to: 'G', miss: 's' },
        { from: 'G', dist: 24, to: 'G', miss: 'lo' },
        { from: 'G', dist: 3, to: 'I' },
      ],
    },
    {
      hole: 2,
      par: 3,
      shots: [
        { from: 'T', dist: 170, to: 'O' },
        { from: 'T', dist: 170, to: 'S' },
        { from: 'S', dist: 15, to: 'G' },
        { from: 'G', dist: 6, to: 'G' },
        { from: 'G', dist: 2, to: 'I' },
      ],
    },
  ],
};

describe('golf CLI (spawned)', () => {
  it('expected: one value per line with 4 decimals', () => {
    const out = golf(['expected', '--benchmark', 'TOUR'], 'G,33\nT,50\nF,150\n\nH,100\nfairway,700\n');
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('2.0040\n2.6600\n2.9450\n3.8000\n5.2400\n');
    const ninety = golf(['expected', '--benchmark', 'NINETY'], 'T,200\nT,400\nT,500\n');
    expect(ninety.stdout).toBe('4.1100\n5.4300\n6.0900\n');
    const custom = golf(['expected', '--target', '90'], 'T,200\n');
    expect(custom.stdout).toBe('4.1100\n');
  }, 60_000);

  it('expected: bad lines and unknown benchmarks exit 2 with a message', () => {
    const badLie = golf(['expected'], 'G,10\nX,10\n');
    expect(badLie.code).toBe(2);
    expect(badLie.stderr).toContain('line 2');
    const negative = golf(['expected'], 'F,-5\n');
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('distance must be a number of at least 0');
    const unknown = golf(['expected', '--benchmark', 'PRO'], 'G,10\n');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown benchmark 'PRO'");
  }, 60_000);

  it('round: scores a bare round or an event, numbers rounded to 2 decimals', () => {
    const bare = golf(['round', file('bare.json', contractRound), '--benchmark', 'TOUR']);
    expect(bare.stderr).toBe('');
    expect(bare.code).toBe(0);
    const report = JSON.parse(bare.stdout) as {
      benchmark: string;
      score: number;
      sg: { overall: number; tee: number; putt: { long: number } };
      holes: { hole: number; par: number; score: number; sg: number; shots: { sg: number; category: string; penalty: number }[] }[];
    };
    expect(report.benchmark).toBe('TOUR');
    expect(report.score).toBe(10);
    expect(report.holes[0]).toMatchObject({ hole: 1, par: 4, score: 4, sg: -0.01 }); // E_T(T, 402) = 3.993; 3.993 - 4
    expect(report.holes[0]!.shots).toEqual([
      { sg: 0.06, category: 'drive', penalty: 0 }, // 3.993 - 2.938 - 1 = 0.055, half away from zero
      { sg: 0.02, category: 'midApproach', penalty: 0 },
      { sg: -0.14, category: 'longPutts', penalty: 0 },
      { sg: 0.05, category: 'shortPutts', penalty: 0 },
    ]);
    expect(report.holes[1]!.shots[0]).toEqual({ sg: -2, category: 'longApproach', penalty: 1 });
    expect(report.holes[1]).toMatchObject({ score: 6, sg: -2.98 }); // E_T(T, 170) = 3.02; 3.02 - 6
    expect(report.sg.overall).toBe(-2.99);
    expect(report.sg.tee).toBe(0.06);

    const event = golf([
      'round',
      file('event.json', { event_type: 'ROUND', title: 'Saturday medal', round: contractRound }),
      '--benchmark',
      'TOUR',
    ]);
    expect(event.code).toBe(0);
    expect(JSON.parse(event.stdout)).toEqual(report);
  }, 60_000);

  it('round: bad input names the hole and shot and exits 2', () => {
    const notHoled = structuredClone(contractRound);
    notHoled.holes[1]!.shots[4]!.to = 'G';
    const a = golf(['round', file('not-holed.json', notHoled), '--benchmark', 'NINETY']);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('Hole 2, shot 5: the last shot of a hole must end in the hole (I)');

    const badLie = structuredClone(contractRound);
    badLie.holes[0]!.shots[1]!.from = 'Q';
    const b = golf(['round', file('bad-lie.json', badLie)]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("Hole 1, shot 2: unknown start lie 'Q'");

    const negative = structuredClone(contractRound);
    negative.holes[0]!.shots[2]!.dist = -24;
    const c = golf(['round', file('negative.json', negative)]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('Hole 1, shot 3: distance -24 must be a positive number');

    const d = golf(['round', file('broken.json', '{"units": "FEET_YARDS", "holes": [')]);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('not valid JSON');

    const e = golf(['round', file('ok.json', contractRound), '--benchmark', 'BOGEY']);
    expect(e.code).toBe(2);
    expect(e.stderr).toContain("Unknown benchmark 'BOGEY'");
  }, 60_000);
});
