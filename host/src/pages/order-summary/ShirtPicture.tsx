import { useState, type CSSProperties } from 'react';
import { SHIRT_COLOR_HEX, storeUrl, type ShirtColor, type ShirtStyle } from '@tshirt/shared';
import styles from './ShirtPicture.module.css';

/** The drawing's own units; the print area is placed in them, as percentages of this box. */
const VIEWBOX = { width: 400, height: 440 } as const;
const OUTLINE =
  'M160 28 C176 62 224 62 240 28 L306 48 Q352 78 386 134 L338 172 L312 152 L316 418 ' +
  'Q200 430 84 418 L88 152 L62 172 L14 134 Q48 78 94 48 Z';
const COLLAR = 'M160 28 C176 62 224 62 240 28';
const NECK_OPENING = `${COLLAR} Q200 38 160 28 Z`;
/** 3:4, the shape of the 12 × 16 inch print area, centred on the chest. */
const PRINT_AREA = { x: 135, y: 84, width: 130, height: (130 * 4) / 3 } as const;

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
