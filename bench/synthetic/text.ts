/** Seeded text templates for the synthetic results generator. Clearly synthetic; never presented as a model. */
import type { DatasetId, Label } from '../../src/schema/index.ts';
import { mulberry32 } from '../../src/lib/metrics/prng.ts';

export type Rng = () => number;

/** The project's seeded PRNG (mulberry32), as the bootstrap uses it. */
export const rngFrom: (seed: number) => Rng = mulberry32;

/** FNV-1a over a string: stable seeds from names. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A sha256-shaped hex string (64 digits) derived from `s`: deterministic, not a real digest. */
export const fakeSha256 = (s: string): string => hashString(s).toString(16).padStart(8, '0').repeat(8);

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
export const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

const NAMES = ['Ava', 'Bilal', 'Chen', 'Dana', 'Emeka', 'Farah', 'Goran', 'Hana', 'Ines', 'Jonas', 'Kiri', 'Lena', 'Mateo', 'Noor', 'Oskar', 'Priya'];
const THINGS = ['apples', 'marbles', 'stickers', 'cupcakes', 'pencils', 'seashells', 'tickets', 'books', 'coins', 'plants'];
const TOPICS = ['public transport', 'urban gardening', 'sleep hygiene', 'learning a language', 'home budgeting', 'time management', 'remote work', 'bird watching', 'bread baking', 'climate adaptation'];
const GENRES = ['poem', 'short story', 'product description', 'cover letter', 'blog post', 'limerick', 'rap verse', 'travel guide'];
const CONSTRAINTS = [
  'Do not use any commas.',
  'Your answer must contain exactly 3 bullet points.',
  'Wrap your entire response in double quotation marks.',
  'End your response with the phrase "Is there anything else I can help with?"',
  'Use at least two placeholders in square brackets, such as [address].',
  'Write everything in lowercase letters.',
  'Include the keywords "river" and "lantern".',
];
const ADJ = ['amber', 'brittle', 'cobalt', 'dusty', 'electric', 'frosty', 'gilded', 'hollow', 'ivory', 'jagged', 'lucky', 'mellow', 'nimble', 'orange', 'quiet', 'rusty', 'silver', 'tidy', 'velvet', 'woolly'];
const NOUN = ['abacus', 'bicycle', 'compass', 'dinghy', 'easel', 'fiddle', 'garden', 'harbor', 'igloo', 'journal', 'kettle', 'lantern', 'meadow', 'notebook', 'orchard', 'piano', 'quarry', 'rooftop', 'sled', 'teapot'];

export interface Item {
  item_id: string;
  question: string;
  response: string;
  reference: string | null;
  /** numbers used in the question (for grounded follow-ups) */
  a: number;
  b: number;
  c: number;
  answer: number;
  topic: string;
}

export function makeItem(dataset: DatasetId, index: number, rng: Rng): Item {
  const name = pick(rng, NAMES);
  const things = pick(rng, THINGS);
  const topic = pick(rng, TOPICS);
  const a = int(rng, 3, 40);
  const b = int(rng, 2, 9);
  const c = int(rng, 2, 12);
  const answer = a + b * c;
  const item_id = `${dataset}-${index}`;
  if (dataset === 'gsm8k') {
    return {
      item_id, a, b, c, answer, topic,
      question: `${name} has ${a} ${things}. ${name} buys ${b} more packs of ${things}, and each pack holds ${c} ${things}. How many ${things} does ${name} have now?`,
      response: `${name} starts with ${a} ${things}.\nEach pack holds ${c} ${things}, so ${b} packs hold ${b} × ${c} = ${b * c} ${things}.\nAdding them up: ${a} + ${b * c} = ${answer}.\n\nThe answer is ${answer}.`,
      reference: `${b} packs × ${c} = ${b * c}. ${a} + ${b * c} = ${answer}.\n#### ${answer}`,
    };
  }
  if (dataset === 'ifeval' || dataset === 'ifbench') {
    const genre = pick(rng, GENRES);
    const cons = pick(rng, CONSTRAINTS);
    return {
      item_id, a, b, c, answer, topic,
      question: `Write a ${genre} about ${topic} in about ${a * 5} words. ${cons}`,
      response: `Here is a ${genre} about ${topic}.\n\n${topic[0]?.toUpperCase()}${topic.slice(1)} asks for patience and a plan. Start small: pick one habit and keep it for ${c} days. Notice what changes and write it down. When it gets hard, return to the reason you started.\n\nIs there anything else I can help with?`,
      reference: null,
    };
  }
  return {
    item_id, a, b, c, answer, topic,
    question: `What are some practical ways to get better at ${topic}? I have about ${c} hours a week.`,
    response: `With ${c} hours a week you can make steady progress in ${topic}:\n\n1. Set one concrete goal for the next ${b} weeks.\n2. Split your time into short sessions and keep a log.\n3. Find a community or a partner to stay accountable.\n4. Review what worked every Sunday and adjust.\n\nConsistency matters more than intensity.`,
    reference: `A good plan for ${topic}: pick a goal, practise in short regular sessions, get feedback, and review weekly.`,
  };
}

/** The generated user turn for a label: grounded in the item for follow-ups, clearly not for failures. */
export function userTurnFor(label: Label, item: Item, dataset: DatasetId, rng: Rng): string {
  const phrase = `${pick(rng, ADJ)} ${pick(rng, NOUN)}`;
  const n = int(rng, 2, 99);
  switch (label) {
    case 'genuine_followup':
      if (dataset === 'gsm8k') {
        return pick(rng, [
          `Wait, why did you multiply ${item.b} by ${item.c}? I thought only one pack had ${item.c}. I checked it on my ${phrase} and got ${item.answer - item.c + n}.`,
          `Makes sense. What if ${item.b + 1} packs were bought instead of ${item.b}? Would it be ${item.answer + item.c}? (asking for my ${phrase} worksheet)`,
          `I don't get the last step: where does ${item.a} + ${item.b * item.c} come from? Can you show it with the ${phrase} example?`,
        ]);
      }
      return pick(rng, [
        `Thanks. Could you expand step ${int(rng, 1, 4)}? I only have ${item.c} hours and my ${phrase} routine already takes ${n} minutes.`,
        `I tried the part about ${item.topic} with my ${phrase} and it did not work. What would you change?`,
        `Can you make it shorter and keep the bit about ${item.topic}? My ${phrase} group meets in ${n} minutes.`,
      ]);
    case 'prompt_restatement':
      return item.question;
    case 'new_unrelated_query':
      return `A shop sells ${n} ${pick(rng, THINGS)} for ${int(rng, 2, 20)} dollars each. The ${phrase} costs ${int(rng, 5, 50)} dollars. How much is spent in total?`;
    case 'identity_leakage':
      return `I hope this helps! If you have any more questions about ${item.topic} or the ${phrase}, feel free to ask. I'm here to help the user with anything else.`;
    case 'meta_planning':
      return `The user wants me to check the answer. I should first restate the ${phrase} quantities, then verify ${item.a} and ${item.b}, then respond concisely.`;
    case 'generic_closing':
      return pick(rng, ['Thanks!', 'Great, that helps.', 'Ok thank you so much', 'Perfect, thanks a lot!']);
    case 'empty_or_degenerate':
      return pick(rng, ['', '<|im_end|>', 'the the the the the the the the the the', '......']);
  }
}

export function rationaleFor(label: Label): string {
  switch (label) {
    case 'genuine_followup': return 'Reacts to specific content of the answer (a number or a step) and asks for more.';
    case 'prompt_restatement': return 'Repeats the original question without reacting to the answer.';
    case 'new_unrelated_query': return 'A new self-contained problem unrelated to the answer.';
    case 'identity_leakage': return 'Speaks as the assistant: offers help and addresses the user.';
    case 'meta_planning': return 'Plans how to respond instead of writing a user message.';
    case 'generic_closing': return 'An acknowledgement with no reference to the content.';
    case 'empty_or_degenerate': return 'Empty, special tokens only, or a repetition loop.';
  }
}

/** The XSS payload placed in one synthetic generation (tests check it renders as text). */
export const XSS_PAYLOAD =
  'Is that right? <script>alert(1)</script> <img src=x onerror=alert(1)> [see the proof](javascript:alert(1)) <a href="javascript:alert(1)">click me</a>';
