import { useState, type CSSProperties } from 'react';
import { SHIRT_COLOR_HEX, storeUrl, type ShirtColor, type ShirtStyle } from '@tshirt/shared';
import { SHIRT_DRAWING } from '@tshirt/shared/shirtDrawing';
import styles from './ShirtPicture.module.css';

/** The drawing's own units; the print area is placed in them, as percentages of this box. */
const {
  viewBox: VIEWBOX,
  outline: OUTLINE,
  collar: COLLAR,
  neckOpening: NECK_OPENING,
  printArea: PRINT_AREA,
} = SHIRT_DRAWING;

const printAreaBox: CSSProperties = {
  left: `${(PRINT_AREA.x / VIEWBOX.width) * 100}%`,
  top: `${(PRINT_AREA.y / VIEWBOX.height) * 100}%`,
  width: `${(PRINT_AREA.width / VIEWBOX.width) * 100}%`,
  height: `${(PRINT_AREA.height / VIEWBOX.height) * 100}%`,
};

interface ShirtPictureProps {
  shirtColor: ShirtColor;
  shirtStyle: ShirtStyle;
  /** The artwork as drawn for this shirt colour (the order's `artworkPath`). */
  artworkPath: string;
}

/** The ordered shirt: a plain tee in the fabric colour with the artwork over its print area. */
export function ShirtPicture({ shirtColor, shirtStyle, artworkPath }: ShirtPictureProps) {
  const [failedPath, setFailedPath] = useState('');
  return (
    <div
      className={styles.picture}
      role="img"
      aria-label={`Your artwork on a ${shirtColor} ${shirtStyle} t-shirt`}
    >
      <svg
        className={styles.shirt}
        viewBox={`0 0 ${VIEWBOX.width} ${VIEWBOX.height}`}
        aria-hidden="true"
        focusable="false"
      >
        <path
          d={OUTLINE}
          fill={SHIRT_COLOR_HEX[shirtColor]}
          stroke="#000"
          strokeOpacity="0.22"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        {/* The inside of the back, seen through the neck opening: the fabric, in shade. */}
        <path d={NECK_OPENING} fill={SHIRT_COLOR_HEX[shirtColor]} />
        <path d={NECK_OPENING} fill="#000" fillOpacity="0.28" />
        <path d={COLLAR} fill="none" stroke="#000" strokeOpacity="0.22" strokeWidth="2" />
      </svg>
      {artworkPath !== '' && failedPath !== artworkPath && (
        <img
          className={styles.artwork}
          style={printAreaBox}
          src={storeUrl(artworkPath)}
          alt=""
          decoding="async"
          onError={() => setFailedPath(artworkPath)}
        />
      )}
    </div>
  );
}
