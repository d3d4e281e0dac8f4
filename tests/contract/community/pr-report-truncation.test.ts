import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_REPORT_CHARS, renderReport, type ReportInput } from '../../../runners/community/pr-report.ts';
import { upsertComment } from '../../../runners/community/upsert-comment.ts';
import { linkTriggers, proseText, renderGfm, tagNames } from '../../helpers/gfm.ts';

/**
 * Submission-controlled text (YAML keys become error fields, file names) sits in inline code spans, unescaped:
 * the span is what makes it inert. A report cut at a fixed character count can drop a span's closing fence and
 * hand the rest of that text to the Markdown parser (links, images, mentions). The length is deterministic, so a
 * submitter can line the cut up. Cutting must keep every span whole.
 */
const EVIL_FIELD = '[click](https://evil.example/x) ![i](https://evil.example/p.png) @maintainers';

function inputWithPad(pad: number): ReportInput {
  const errors = Array.from({ length: 200 }, (_, i) => ({ file: 'submissions/a/b.yaml', field: EVIL_FIELD, message: `${'x'.repeat(i === 0 ? pad : 300)} ${i}` }));
  return { checked: ['submissions/a/b.yaml'], ignored: [], missing: [], errors, submissions: [] };
}

/**
 * Rendering a 60 KB report as GFM takes some 25 ms, and the loops below render hundreds: every 50th is rendered whole,
 * the others from the line where their last 4,000 characters start. The cut is at the end, and the report's lines are
 * list items (blocks of their own), so a span it breaks opens inside that tail.
 */
const rendered = (md: string, i: number): string => (i % 50 === 0 ? md : md.slice(md.lastIndexOf('\n', md.length - 4000) + 1));

function assertInert(md: string, where: string): void {
  const html = renderGfm(md);
  assert.deepEqual(tagNames(html).filter((t) => ['a', 'img'].includes(t)), [], `${where}: a link or image escaped its code span`);
  assert.deepEqual(linkTriggers(proseText(html)), [], `${where}: a mention or URL reached the prose`);
}

test('pr-report: the length cut never splits a code span, whatever the alignment', () => {
  const base = renderReport(inputWithPad(0));
  assert.ok(base.length > MAX_REPORT_CHARS - 1000, 'the report is long enough to be cut');
  for (let pad = 0; pad < 700; pad += 1) {
    const md = renderReport(inputWithPad(pad));
    assert.ok(md.length <= MAX_REPORT_CHARS + 200, `pad ${pad}: ${md.length} characters`);
    assertInert(rendered(md, pad), `pad ${pad}`);
  }
});

test('upsert-comment: an over-long body is cut on a line boundary too', async () => {
  const posted: string[] = [];
  const body = renderReport({ ...inputWithPad(0), errors: inputWithPad(0).errors.slice(0, 1) }).split('\n');
  // A body longer than the report limit, as if produced by another renderer.
  const long = (pad: number) => [...body.slice(0, -2), 'p'.repeat(pad), ...Array.from({ length: 600 }, () => `- \` ${EVIL_FIELD} \`: ${'y'.repeat(37)}`)].join('\n');
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push((JSON.parse(String(init.body)) as { body: string }).body);
      return new Response(JSON.stringify({ id: 1 }), { status: 201 });
    }
    return new Response('[]', { status: 200 });
  }) as typeof fetch;
  try {
    for (let cut = 0; cut < 130; cut++) {
      posted.length = 0;
      await upsertComment({ api: 'http://127.0.0.1:9', token: 't', repo: 'o/r' }, 1, long(cut));
      assert.equal(posted.length, 1);
      assert.ok(posted[0]!.length <= MAX_REPORT_CHARS);
      assertInert(rendered(posted[0]!, cut), `cut ${cut}`);
    }
  } finally {
    globalThis.fetch = originalFetch;
  }
});
