/** The contrast rule that keeps art legible on its shirt, judged on measureInk's report. */
import type { InkReport } from './measureInk';

/**
 * Share of the outline that must clear 3:1 against the fabric. The rest is anti-aliasing: pixels
 * where two inks meet right at the edge blend into a colour neither of them is.
 */
export const MIN_EDGE_SHARE = 0.97;
/** Share of each lettering line's glyph pixels that must clear 3:1 against what is behind them. */
export const MIN_LETTERING_SHARE = 0.97;
/** The main artwork spans at least this share of the print area's width. */
export const MIN_WIDTH_SHARE = 0.7;

export function inkRuleProblems(report: InkReport): string[] {
  const problems: string[] = [];
  if (report.edgeShare < MIN_EDGE_SHARE)
    problems.push(`outline ${(report.edgeShare * 100).toFixed(1)}% at 3:1`);
  report.lettering.forEach((line, index) => {
    if (line.share < MIN_LETTERING_SHARE)
      problems.push(`lettering line ${index + 1} ${(line.share * 100).toFixed(1)}% at 3:1`);
  });
  if (report.widthShare < MIN_WIDTH_SHARE)
    problems.push(`spans ${(report.widthShare * 100).toFixed(0)}% of the width`);
  return problems;
}
