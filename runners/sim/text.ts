import type { Label } from '../../src/schema/index.ts';
import { pick } from './rng.ts';

/** Words of the first sentence of a text, capped: the "topic" the simulated user refers to. */
function firstSentence(text: string, maxWords = 14): string {
  const s = text.replace(/\s+/g, ' ').trim().split(/(?<=[.?!])\s/)[0] ?? '';
  const words = s.split(' ');
  return words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}…` : s;
}

const numbersIn = (text: string): string[] => [...text.matchAll(/-?\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(/,/g, ''));

/** A phrase of `a` worth reacting to: a line with a number, else a mid-answer sentence. */
function anchor(answer: string, rand: () => number): string {
  const lines = answer.split('\n').map((l) => l.trim()).filter((l) => l.length > 8);
  const withNum = lines.filter((l) => /\d/.test(l));
  const chosen = withNum.length > 0 ? pick(rand, withNum) : lines.length > 0 ? pick(rand, lines) : answer;
  return firstSentence(chosen.replace(/^[-*\d.)\s]+/, ''), 12);
}

function lastWords(text: string, n = 6): string {
  return text.trim().split(/\s+/).slice(-n).join(' ');
}

const UNRELATED = [
  'A baker makes 48 cupcakes and sells 3/4 of them. How many cupcakes are left?',
  'What is the capital of Australia?',
  'Write a haiku about autumn leaves.',
  'A train travels 60 miles per hour for 2.5 hours. How far does it go?',
  'Can you recommend a good book on the history of Rome?',
  'How do I convert Celsius to Fahrenheit?',
];

/** A user turn of the given label, grounded in the actual q and a. */
const MARKUP_LOOP = '</p><script>alert("userturn")</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">more</a>';

export function userTurnText(label: Label, q: string, a: string, ctx: { truncated: boolean }, rand: () => number): { text: string; finish: 'stop' | 'length' } {
  const topic = firstSentence(q, 10);
  switch (label) {
    case 'genuine_followup': {
      if (ctx.truncated && rand() < 0.7) return { text: `Your answer stops after "${lastWords(a)}". Can you finish the explanation?`, finish: 'stop' };
      const nums = numbersIn(a);
      const n = nums.length > 0 ? pick(rand, nums) : null;
      const forms = [
        `Wait, where does "${anchor(a, rand)}" come from? I don't follow that step.`,
        n ? `Are you sure about ${n}? I got a different number when I tried it myself.` : `Can you give me a concrete example of "${anchor(a, rand)}"?`,
        n ? `What would change if ${n} were doubled?` : `That makes sense. What would be the next step after "${anchor(a, rand)}"?`,
        `I tried what you said about "${anchor(a, rand)}" but it didn't work for me. What else could I do?`,
      ];
      return { text: pick(rand, forms), finish: 'stop' };
    }
    case 'prompt_restatement':
      return { text: rand() < 0.5 ? q.trim() : `So my question is: ${q.trim()}`, finish: 'stop' };
    case 'new_unrelated_query':
      return { text: pick(rand, UNRELATED), finish: 'stop' };
    case 'identity_leakage': {
      const forms = [
        `I hope this helps! Let me know if you have any other questions about ${topic.toLowerCase().replace(/[?.!…]+$/, '')}.`,
        `Sure! Here is a step-by-step recap:\n1. ${anchor(a, rand)}\n2. Check the result.\nIs there anything else I can help you with?`,
        `As an AI assistant, I can also explain ${topic.toLowerCase().replace(/[?.!…]+$/, '')} in more detail if the user wants.`,
      ];
      return { text: pick(rand, forms), finish: 'stop' };
    }
    case 'meta_planning': {
      const forms = [
        `The user wants to know: ${topic} I should first restate the problem, then check the answer step by step.`,
        `Okay, so the user is asking about "${topic}". Let me think about how to respond. First, I need to verify the calculation.`,
        `<think>\nThe user asked ${topic} The assistant answered. Now I need to plan the next message.\n</think>`,
      ];
      return { text: pick(rand, forms), finish: 'stop' };
    }
    case 'generic_closing':
      return { text: pick(rand, ['Thanks!', 'Great, that helps.', 'Perfect, thank you so much!', 'Ok, got it.', 'Thank you!']), finish: 'stop' };
    case 'empty_or_degenerate':
      if (rand() < 0.4) return { text: '', finish: 'stop' };
      // Models do emit raw markup; untrusted text of this kind must reach the site as text (its XSS tests use it).
      if (rand() < 0.2) return { text: Array(8).fill(MARKUP_LOOP).join(' '), finish: 'length' };
      return { text: Array(60).fill(pick(rand, ['ok', 'the the', '...', 'yes yes'])).join(' '), finish: 'length' };
  }
}

/** A worked GSM8K-style answer from a reference solution, ending in `final` (right or deliberately wrong). */
export function workedAnswer(solution: string, final: string): string {
  const steps = solution
    .replace(/<<[^>]*>>/g, '')
    .replace(/\n?####[\s\S]*$/, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return `Let's solve this step by step.\n\n${steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}\n\nThe answer is ${final}.`;
}

/** Without a reference: a plausible attempt that combines the numbers of the question. */
export function guessedAnswer(q: string, rand: () => number): string {
  const nums = numbersIn(q).map(Number).filter(Number.isFinite).slice(0, 4);
  if (nums.length === 0) return genericAnswer(q, rand);
  const total = nums.reduce((s, x) => s + x, 0);
  return `Let's add up the quantities: ${nums.join(' + ')} = ${total}.\n\nThe answer is ${total}.`;
}

/** A structured, topic-grounded answer for instruction and conversation prompts. */
export function genericAnswer(q: string, rand: () => number): string {
  const topic = firstSentence(q, 12).replace(/[?.!…]+$/, '');
  const points = ['Start with the main idea and define the key terms.', 'Consider the most common approaches and their trade-offs.', 'Look at a concrete example to check the reasoning.', 'Summarise what to do next.'];
  const n = 2 + Math.floor(rand() * 3);
  return `Here is an answer to "${topic}".\n\n${points.slice(0, n).map((p, i) => `${i + 1}. ${p}`).join('\n')}\n\nIn short, the best approach depends on your situation, but these steps cover the essentials.`;
}
