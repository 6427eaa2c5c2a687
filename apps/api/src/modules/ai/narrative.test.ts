import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DiagnoseResponse } from '@holeout/contracts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { aiClient } from './ai-testing.ts';
import { ChatCompletionsNarrative, createNarrativeWriter, rulesNarrative, type NarrativeFacts } from './narrative.ts';

const API_KEY = 'sk-test-0f3a9c1d7e5b2a4c';
const MODEL_TEXT =
  'Your long approaches cost you the most against your target: work on hitting greens from 175 yards and out, three sessions a week.';

/** What the fake model answers next, and every request it was sent. */
type Reply =
  'ok' | 'slow' | 'status500' | 'not-json' | 'content-not-json' | 'no-narrative' | 'too-short' | 'control-characters' | 'no-choices';
let reply: Reply = 'ok';
const received: Array<{ url: string; authorization: string | undefined; body: Record<string, unknown>; raw: string }> = [];

function answerWith(res: ServerResponse, content: string | null, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    content === null
      ? JSON.stringify({ choices: [] })
      : JSON.stringify({ id: 'cmpl-1', choices: [{ index: 0, message: { role: 'assistant', content } }] }),
  );
}

/** A local stand-in for an OpenAI-compatible /v1/chat/completions. */
function fakeModel(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  req.on('end', () => {
    received.push({ url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown>, raw });
    switch (reply) {
      case 'ok':
        return answerWith(res, JSON.stringify({ narrative: MODEL_TEXT }));
      case 'slow':
        return void setTimeout(() => answerWith(res, JSON.stringify({ narrative: MODEL_TEXT })), 1_000);
      case 'status500':
        return answerWith(res, JSON.stringify({ narrative: MODEL_TEXT }), 500);
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>gateway</html>');
      case 'content-not-json':
        return answerWith(res, MODEL_TEXT);
      case 'no-narrative':
        return answerWith(res, JSON.stringify({ text: MODEL_TEXT }));
      case 'too-short':
        return answerWith(res, JSON.stringify({ narrative: 'Putt more.' }));
      case 'control-characters':
        return answerWith(res, JSON.stringify({ narrative: `${MODEL_TEXT}\u202e` }));
      case 'no-choices':
        return answerWith(res, null);
    }
  });
}

let model: Server;
let baseUrl: string;
beforeAll(async () => {
  model = createServer(fakeModel);
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}`;
});
afterAll(async () => {
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});
beforeEach(() => {
  reply = 'ok';
  received.length = 0;
});

/** A logger that keeps what was warned, to check what a fallback logs. */
function recordingLog() {
  const lines: string[] = [];
  const log = {
    warn: (details: unknown, message: string) => lines.push(JSON.stringify({ details, message })),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const FACTS: NarrativeFacts = {
  category: 'Long Approach Shots',
  target: 'Ninety (90s golfer)',
  rounds: 10,
  holes: 180,
  confidence: 'strong',
  evidence: [{ category: 'Long Approach Shots', sg_per_18: -3.2, std_error: 0.6, strokes_to_gain: 3.2 }],
  figures: [{ label: 'Greens hit from 175 yd and out', value: 18, target: 31, unit: '%', better: 'higher' }],
};
const RULES = 'Long Approach Shots is where your game loses the most against a 90s golfer: about 3.2 strokes per round.';

describe('the model narrative (ChatCompletionsNarrative against a local fake)', () => {
  it("uses the model's narrative, asking /v1/chat/completions in JSON mode with the key, the model and the aggregates", async () => {
    const { log, lines } = recordingLog();
    const writer = new ChatCompletionsNarrative({ baseUrl, apiKey: API_KEY, model: 'tiny-coach', timeoutMs: 2_000 }, log);
    expect(await writer.narrate(FACTS, RULES)).toEqual({ narrative: MODEL_TEXT, source: 'model' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request!.body).toMatchObject({ model: 'tiny-coach', response_format: { type: 'json_object' } });
    const messages = request!.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.parse(messages[1]!.content)).toEqual(FACTS);
    expect(lines).toEqual([]);
  });

  const failures: Array<[Reply, string]> = [
    ['slow', 'timeout'],
    ['status500', 'status'],
    ['not-json', 'malformed'],
    ['no-choices', 'malformed'],
    ['content-not-json', 'malformed'],
    ['no-narrative', 'schema'],
    ['too-short', 'schema'],
    ['control-characters', 'schema'],
  ];
  it.each(failures)(
    'falls back to the rules narrative when the model answers %s (logged as %s, without the key or the prompt)',
    async (mode, reason) => {
      reply = mode;
      const { log, lines } = recordingLog();
      const writer = new ChatCompletionsNarrative({ baseUrl, apiKey: API_KEY, model: 'tiny-coach', timeoutMs: 200 }, log);
      expect(await writer.narrate(FACTS, RULES)).toEqual({ narrative: RULES, source: 'rules' });
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ details: { category: FACTS.category, reason } });
      expect(lines[0]).not.toContain(API_KEY);
      expect(lines[0]).not.toContain('Greens hit');
      expect(lines[0]).not.toContain(MODEL_TEXT);
    },
  );

  it('falls back when nothing listens at the address', async () => {
    const { log, lines } = recordingLog();
    const writer = new ChatCompletionsNarrative(
      { baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, model: 'tiny-coach', timeoutMs: 2_000 },
      log,
    );
    expect(await writer.narrate(FACTS, RULES)).toEqual({ narrative: RULES, source: 'rules' });
    expect(JSON.parse(lines[0]!)).toMatchObject({ details: { reason: 'network' } });
  });

  it('asks no model without the configuration', async () => {
    const { log } = recordingLog();
    expect(createNarrativeWriter(null, log)).toBe(rulesNarrative);
    expect(await rulesNarrative.narrate(FACTS, RULES)).toEqual({ narrative: RULES, source: 'rules' });
    expect(received).toHaveLength(0);
  });
});

describe('GET /ai/diagnose with a model configured', () => {
  let server: TestServer;
  const { golfer, season, diagnose } = aiClient(() => server);
  beforeAll(async () => {
    server = await createTestServer({ config: { ai: { baseUrl, apiKey: API_KEY, model: 'tiny-coach', timeoutMs: 200 } } });
  });
  afterAll(async () => server.close());

  it("answers the model's narrative (narrative_source model), and sends the model no name, e-mail address, id or date", async () => {
    const player = await golfer({ first_name: 'Philippa' });
    await season(player, 10, { seed: 4000 });
    received.length = 0;
    const answer = await diagnose(player, player.uid);
    expect(answer.diagnosis).toMatchObject({ narrative: MODEL_TEXT, narrative_source: 'model' });
    expect(received).toHaveLength(1);
    const sent = received[0]!.raw;
    for (const secret of [player.first_name, player.last_name, player.email, player.email.split('@')[0]!, player.token])
      expect(sent, secret).not.toContain(secret);
    for (const key of ['"uid', 'event_id', 'diagnosis_id', '"start"', 'created_at']) expect(sent, key).not.toContain(key);
    expect(sent).toContain(answer.diagnosis!.display_name);
    // A reused diagnosis asks the model nothing more.
    await diagnose(player, player.uid);
    expect(received).toHaveLength(1);
  });

  it.each<[Reply]>([['slow'], ['status500'], ['content-not-json']])(
    "answers the rules' narrative (narrative_source rules) when the model answers %s, and logs neither key nor prompt",
    async (mode) => {
      reply = mode;
      const player = await golfer();
      await season(player, 10, { seed: 4100 });
      const logged = server.logs.length;
      const answer: DiagnoseResponse = await diagnose(player, player.uid);
      expect(answer.diagnosis!.narrative_source).toBe('rules');
      expect(answer.diagnosis!.narrative).not.toBe(MODEL_TEXT);
      expect(answer.diagnosis!.narrative).toContain(answer.diagnosis!.display_name);
      const lines = server.logs.slice(logged).join('\n');
      expect(lines).toContain('rules narrative');
      expect(lines).not.toContain(API_KEY);
      expect(lines).not.toContain(player.email);
      expect(lines).not.toContain('sg_per_18');
    },
  );
});
