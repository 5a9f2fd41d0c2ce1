/**
 * How large the subject is drawn: the span of the drawings a style marked as the subject's
 * (data-layer: hero, companions, land, sky), rendered, against the print area (the canvas) —
 * not the frame's span, nor the lettering's.
 */
import { Resvg } from '@resvg/resvg-js';
import { CANVAS } from '../styles/styleTypes';

/** The groups a style drew the subject with (data-layer), each up to its own closing tag. */
function subjectGroups(svg: string): string[] {
  const groups: string[] = [];
  const openings = /<g [^>]*data-layer="[a-z]+"[^>]*>/g;
  for (let opening = openings.exec(svg); opening; opening = openings.exec(svg)) {
    const tags = /<(\/?)g\b[^>]*?(\/?)>/g;
    tags.lastIndex = opening.index + opening[0].length;
    let depth = 1;
    for (let tag = tags.exec(svg); tag; tag = tags.exec(svg)) {
      if (tag[2]) continue;
      depth += tag[1] ? -1 : 1;
      if (depth === 0) {
        groups.push(svg.slice(opening.index, tag.index + tag[0].length));
        openings.lastIndex = tag.index;
        break;
      }
    }
  }
  return groups;
}

/** The artwork with the subject's drawings left out: what they cover, seen uncovered. */
export function withoutSubject(svg: string): string {
  return subjectGroups(svg).reduce((rest, group) => rest.replace(group, ''), svg);
}

/** How much of the print area the subject spans: the larger of its width and height shares. */
export function subjectSpan(svg: string): number {
  const [head] = /^<svg[^>]*>/.exec(svg) ?? [''];
  const [defs] = /<defs>[\s\S]*?<\/defs>/.exec(svg) ?? [''];
  const box = new Resvg(`${head}${defs}${subjectGroups(svg).join('')}</svg>`).getBBox();
  return box ? Math.max(box.width / CANVAS.width, box.height / CANVAS.height) : 0;
}
