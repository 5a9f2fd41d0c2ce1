/** Generated artwork, stored in the database so every server instance can serve it. */
import { toBuffer, type Queryable } from '../storage/database';
import { newId } from '../storage/ids';

export type ImageFormat = 'svg' | 'png';

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
};

export interface StoredImage {
  id: string;
  format: ImageFormat;
  content: Buffer;
}

export interface NewImage {
  format: ImageFormat;
  content: Buffer;
  provider: string;
  prompt: string;
}

export interface ImagesRepository {
  insert(image: NewImage): Promise<string>;
  find(id: string): Promise<StoredImage | undefined>;
  exists(id: string, format: ImageFormat): Promise<boolean>;
  findPrintPng(id: string): Promise<Buffer | undefined>;
  savePrintPng(id: string, png: Buffer): Promise<void>;
}

export function createImagesRepository(db: Queryable): ImagesRepository {
  return {
    async insert(image) {
      const id = newId();
      await db.query(
        'INSERT INTO images (id, format, content, provider, prompt) VALUES ($1, $2, $3, $4, $5)',
        [id, image.format, image.content, image.provider, image.prompt],
      );
      return id;
    },
    async find(id) {
      const rows = await db.query<{ id: string; format: ImageFormat; content: Uint8Array }>(
        'SELECT id, format, content FROM images WHERE id = $1',
        [id],
      );
      const row = rows[0];
      return row && { id: row.id, format: row.format, content: toBuffer(row.content) };
    },
    async exists(id, format) {
      const rows = await db.query('SELECT 1 FROM images WHERE id = $1 AND format = $2', [
        id,
        format,
      ]);
      return rows.length > 0;
    },
    async findPrintPng(id) {
      const rows = await db.query<{ print_png: Uint8Array | null }>(
        'SELECT print_png FROM images WHERE id = $1',
        [id],
      );
      const png = rows[0]?.print_png;
      return png ? toBuffer(png) : undefined;
    },
    async savePrintPng(id, png) {
      await db.query('UPDATE images SET print_png = $2 WHERE id = $1', [id, png]);
    },
  };
}
