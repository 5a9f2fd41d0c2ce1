import { useId } from 'react';
import {
  FIELD_LABELS,
  SHIRT_COLORS,
  SHIRT_STYLES,
  isShirtColor,
  isShirtStyle,
  orderStore,
  useOrderState,
} from '@tshirt/shared';
import ArtForm from '../art-form/ArtForm';
import DesignGallery from '../gallery/DesignGallery';
import ShirtPreview from '../shirt-preview/ShirtPreview';
import styles from './StandaloneDesigner.module.css';

/** The designer on its own port: its three parts in a plain frame, plus the shirt picks the checkout owns. */
export function StandaloneDesigner() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Designer (standalone)</h1>
        <p className={styles.subtitle}>The designer remote running alone; the host composes these parts on /product.</p>
      </header>
      <main className={styles.layout}>
        <div className={styles.previewColumn}>
          <ShirtPreview />
          <ShirtPicks />
        </div>
        <div className={styles.formColumn}>
          <ArtForm />
        </div>
        <div className={styles.galleryRow}>
          <DesignGallery />
        </div>
      </main>
    </div>
  );
}

/** Stand-ins for the checkout's colour and style selects, so the preview can be tried here. */
function ShirtPicks() {
  const colorId = useId();
  const styleId = useId();
  const shirtColor = useOrderState((state) => state.shirtColor);
  const shirtStyle = useOrderState((state) => state.shirtStyle);
  return (
    <div className={styles.picks}>
      <div className={styles.pick}>
        <label htmlFor={colorId}>{FIELD_LABELS.shirtColor}</label>
        <select
          id={colorId}
          value={shirtColor}
          onChange={(event) => {
            if (isShirtColor(event.target.value)) orderStore.update({ shirtColor: event.target.value });
          }}
        >
          {SHIRT_COLORS.map((color) => (
            <option key={color}>{color}</option>
          ))}
        </select>
      </div>
      <div className={styles.pick}>
        <label htmlFor={styleId}>{FIELD_LABELS.shirtStyle}</label>
        <select
          id={styleId}
          value={shirtStyle}
          onChange={(event) => {
            if (isShirtStyle(event.target.value)) orderStore.update({ shirtStyle: event.target.value });
          }}
        >
          {SHIRT_STYLES.map((style) => (
            <option key={style}>{style}</option>
          ))}
        </select>
      </div>
    </div>
  );
}
