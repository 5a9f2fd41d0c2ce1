/** A short description of what an artwork shows: its alt text and the prompt returned with it. */
import { motifName } from '../motifs';
import type { Lettering } from '../typography/lettering';
import type { Subject } from './subject';

function scene(subject: Subject): string {
  const { hero, land, sky, companions } = subject;
  if (!hero) return '';
  let text = motifName(hero);
  if (land) text += `${hero.airborne ? ' leaping over' : ' in front of'} ${motifName(land)}`;
  if (companions.length > 0) text += ` with ${companions.map(motifName).join(' and ')}`;
  if (sky) text += ` under ${motifName(sky)}`;
  return text;
}

const quoted = (text: string) => `“${text}”`;

/** E.g. `A fish leaping over mountains, drawn in the Minimalist style, lettered “Happy Retirement, Grandpa” and “Fishing · Mountains”.` */
export function describeArtwork(subject: Subject, style: string, lettering: Lettering): string {
  const picture = subject.ornament ? '' : scene(subject);
  const words = [lettering.headline, lettering.subline].filter(Boolean).map(quoted).join(' and ');
  const decoration = subject.decoration ? `, decorated with ${motifName(subject.decoration)}` : '';
  if (!picture) {
    const ornament = subject.ornament && subject.hero ? ` with ${motifName(subject.hero)}` : '';
    return `Lettering${ornament || ' only'}, in the ${style} style${decoration}${words ? `: ${words}` : ''}.`;
  }
  return `${picture.charAt(0).toUpperCase()}${picture.slice(1)}${decoration}, drawn in the ${style} style${words ? `, lettered ${words}` : ''}.`;
}
