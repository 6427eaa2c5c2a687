import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { multiLineText } from '@holeout/contracts';
import type { AiConfig } from '../../config.ts';

/**
 * What the model is told of a diagnosis: aggregates only (the category, the strokes-gained evidence
 * and the figures beside the target's). Never a name, an e-mail address, an id or a date.
 */
export interface NarrativeFacts {
  /** The display name of the diagnosed category. */
  category: string;
  /** The target's label (a benchmark level, or a custom target score). */
  target: string;
  rounds: number;
  holes: number;
  confidence: 'strong' | 'weak';
  evidence: Array<{ category: string; sg_per_18: number; std_error: number; strokes_to_gain: number }>;
  figures: Array<{ label: string; value: number | null; target: number | null; unit: string; better: 'higher' | 'lower' }>;
}

export interface Narrative {
  narrative: string;
  source: 'model' | 'rules';
}

/** Writes a diagnosis's narrative: the model's when it answers well and in time, else the rules' text. */
export interface NarrativeWriter {
  narrate(facts: NarrativeFacts, rules: string): Promise<Narrative>;
}

/** The narrative the model must answer: a JSON object with one plain-text string of 40 to 1200 characters. */
const modelAnswer = z.object({
  narrative: z.string().trim().min(40).max(1200).pipe(multiLineText),
});

/** The reply of an OpenAI-compatible chat completion, as far as it is read. */
const chatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** The most of a reply that is read: a narrative is at most 1200 characters, so anything far larger is not one. */
const MAX_REPLY_CHARS = 200_000;

const INSTRUCTIONS = [
  'You are a golf coach writing to one of your players about the area of their game that costs them the most strokes against their target, from the figures you are given.',
  'Strokes gained are per 18 holes against the target: negative means strokes lost. std_error is the uncertainty of sg_per_18; confidence weak means more rounds will tell.',
  'Write 2 to 5 plain sentences (40 to 1200 characters): what the figures show, why it matters, and what to practise. Use only the figures given; invent nothing; no greeting, no name, no markdown.',
  'Answer with a JSON object: {"narrative": "<the text>"}.',
].join(' ');

/** Why the rules' narrative was used: logged by reason, never with the prompt or the key. */
type FallbackReason = 'timeout' | 'network' | 'status' | 'malformed' | 'schema';

class FallbackError extends Error {
  constructor(
    readonly reason: FallbackReason,
    readonly status?: number,
  ) {
    super(reason);
  }
}

/** The rules' narrative only: used when no model is configured. */
export const rulesNarrative: NarrativeWriter = {
  narrate: async (_facts, rules) => ({ narrative: rules, source: 'rules' }),
};

/**
 * The narrative from an OpenAI-compatible `POST {baseUrl}/v1/chat/completions` (JSON mode). Any
 * failure (no answer within the timeout, a non-2xx status, a reply that is not the JSON asked for, a
 * narrative outside 40 to 1200 characters or with control characters) falls back to the rules' text,
 * logged with its reason and the category only.
 */
export class ChatCompletionsNarrative implements NarrativeWriter {
  constructor(
    private readonly config: AiConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async narrate(facts: NarrativeFacts, rules: string): Promise<Narrative> {
    try {
      return { narrative: await this.ask(facts), source: 'model' };
    } catch (err) {
      const reason: FallbackReason = err instanceof FallbackError ? err.reason : 'network';
      const status = err instanceof FallbackError ? err.status : undefined;
      this.log.warn(
        { category: facts.category, reason, ...(status === undefined ? {} : { status }) },
        'AI coach: the model gave no usable narrative; the rules narrative is used',
      );
      return { narrative: rules, source: 'rules' };
    }
  }

  private async ask(facts: NarrativeFacts): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.config.timeoutMs);
    let text: string;
    try {
      const response = await fetch(`${this.config.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.apiKey}` },
        body: JSON.stringify({
          model: this.config.model,
          response_format: { type: 'json_object' },
          temperature: 0.4,
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: JSON.stringify(facts) },
          ],
        }),
        signal: controller.signal,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new FallbackError('status', response.status);
      }
      // The timeout covers the body too: a reply that trickles in is cut off with the rest.
      text = await response.text();
    } catch (err) {
      if (err instanceof FallbackError) throw err;
      throw new FallbackError(controller.signal.aborted ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
    if (text.length > MAX_REPLY_CHARS) throw new FallbackError('malformed');
    let content: string;
    try {
      const reply = chatCompletion.safeParse(JSON.parse(text));
      if (!reply.success) throw new FallbackError('malformed');
      content = reply.data.choices[0]!.message.content;
      const answer = modelAnswer.safeParse(JSON.parse(content));
      if (!answer.success) throw new FallbackError('schema');
      return answer.data.narrative;
    } catch (err) {
      if (err instanceof FallbackError) throw err;
      throw new FallbackError('malformed');
    }
  }
}

/** The model's narrative when AI_BASE_URL, AI_API_KEY and AI_MODEL are all set; the rules' otherwise. */
export function createNarrativeWriter(config: AiConfig | null, log: FastifyBaseLogger): NarrativeWriter {
  return config ? new ChatCompletionsNarrative(config, log) : rulesNarrative;
}
