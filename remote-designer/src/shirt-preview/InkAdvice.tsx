import { orderStore, type ArtworkShirtAdvice, type ShirtColor } from '@tshirt/shared';
import styles from './ShirtPreview.module.css';

/** "navy", "navy and black", "navy, black and teal" */
function listOf(words: readonly string[], joiner: 'and' | 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${joiner} ${words[words.length - 1]}`;
}

interface InkAdviceProps {
  advice: ArtworkShirtAdvice;
  shirtColor: ShirtColor;
}

/**
 * Says when the colours the shopper typed would barely show on the chosen shirt (the artwork then
 * uses shades of them that do), and offers the shirt colours that show them as chosen.
 */
export default function InkAdvice({ advice, shirtColor }: InkAdviceProps) {
  const faint = advice.faintColors[shirtColor] ?? [];
  if (faint.length === 0) return null;
  const suggestions = advice.suggestedShirts.filter((shirt) => shirt !== shirtColor).slice(0, 3);
  const capitalised = listOf(faint, 'and').replace(/^./, (first) => first.toUpperCase());
  return (
    <div className={styles.advice} role="status">
      <p>
        {capitalised} would barely show on a {shirtColor} shirt, so the artwork prints{' '}
        {faint.length === 1 ? 'it' : 'them'} in shades that do.
        {suggestions.length > 0 && ` To print ${faint.length === 1 ? 'it' : 'them'} as chosen, pick a ${listOf(suggestions, 'or')} shirt.`}
      </p>
      {suggestions.length > 0 && (
        <div className={styles.adviceChoices}>
          {suggestions.map((shirt) => (
            <button key={shirt} type="button" onClick={() => orderStore.update({ shirtColor: shirt })}>
              Use a {shirt} shirt
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
