/** BibTeX for the benchmark and for the paper it follows (pure). */

export const PAPER = {
  title: 'Beyond the Assistant Turn: User Turn Generation as a Probe of Interaction Awareness in Language Models',
  arxiv: '2604.02315',
  year: 2026,
} as const;

/** BibTeX treats braces and backslashes as syntax; text from submissions is stripped of them. */
const bib = (s: string) => s.replace(/[{}\\]/g, '').replace(/\s+/g, ' ').trim();

/**
 * The paper. Its author list is not recorded in this repository, so the entry carries none rather than a guessed
 * one; the page points to arXiv's own export for it.
 */
export function paperBibtex(): string {
  return [
    '@misc{userturn_paper_2026,',
    `  title         = {${PAPER.title}},`,
    `  year          = {${PAPER.year}},`,
    `  eprint        = {${PAPER.arxiv}},`,
    '  archivePrefix = {arXiv},',
    `  url           = {https://arxiv.org/abs/${PAPER.arxiv}},`,
    '}',
  ].join('\n');
}

/** The benchmark (site and suite), optionally for one model's results page. */
export function benchmarkBibtex(o: { url: string; suiteVersion: number; year: number; model?: string }): string {
  const note = o.model ? `Results for ${bib(o.model)}, suite v${o.suiteVersion}` : `Suite v${o.suiteVersion}`;
  return [
    `@misc{userturn_benchmark_v${o.suiteVersion},`,
    '  title        = {userturn: an open benchmark of interaction awareness in language models},',
    '  author       = {{userturn contributors}},',
    `  year         = {${o.year}},`,
    `  howpublished = {\\url{${o.url}}},`,
    `  note         = {${note}},`,
    '}',
  ].join('\n');
}
