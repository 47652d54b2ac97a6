// axe-core (the accessibility rules engine) run inside the page: the WCAG 2.2 A and AA rules.
import path from 'node:path';
import { ROOT } from './harness.mjs';

const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The violations on the page now, each as "rule: how many nodes (first target)". */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      count: v.nodes.length,
      target: v.nodes[0]?.target?.join(' '),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' | '),
    }));
  }, TAGS);
  return violations.map((v) => `${v.id}: ${v.count} (${v.target}) ${v.summary ?? ''}`);
}
