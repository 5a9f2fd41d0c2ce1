import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HELD_TASK_MODULE, refusalByAFullPool } from '../../test/heldTask';
import {
  ArtEngineBusyError,
  NothingUnderstoodError,
  createArtEnginePool,
  type ArtEnginePool,
} from './artEnginePool';

const request = {
  interests: 'surfing, tacos',
  colors: 'sunset',
  style: 'Cartoon',
  target: '',
  occasion: '',
  objects: '',
} as const;

describe('createArtEnginePool', () => {
  let pool: ArtEnginePool | undefined;
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'art-engine-test-'));
  });
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
    rmSync(folder, { recursive: true, force: true });
  });

  it('draws a new artwork on its thread and writes it to the file it is given, never over another', async () => {
    pool = createArtEnginePool({ threads: 1, queueLimit: 10 });
    const saveAs = join(folder, 'artwork.svg');
    const { svg, notUnderstood } = await pool.generate(request, 42, saveAs);
    expect(svg.toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(notUnderstood).toEqual([]);
    expect(readFileSync(saveAs).equals(svg)).toBe(true);
    // The same request and seed draw the same artwork; only the file would be written twice.
    expect((await pool.generate(request, 42)).svg.equals(svg)).toBe(true);
    await expect(pool.generate(request, 7, saveAs)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(saveAs).equals(svg)).toBe(true);
  }, 60_000);

  it('names the words it could not draw beside the ones it did, and draws nothing when it understood none', async () => {
    pool = createArtEnginePool({ threads: 1, queueLimit: 10 });
    const some = await pool.generate({ ...request, interests: 'surfing, zorblaxian' }, 1);
    expect(some.notUnderstood).toEqual(['zorblaxian']);
    expect(some.svg.toString('utf8')).toMatch(/^<svg/);

    const saveAs = join(folder, 'nothing.svg');
    const refused = pool.generate({ ...request, interests: 'zorblaxian, qwrtzp' }, 1, saveAs);
    await expect(refused).rejects.toBeInstanceOf(NothingUnderstoodError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 422,
      code: 'not_understood',
      field: 'interests',
      words: ['zorblaxian', 'qwrtzp'],
    });
    expect(existsSync(saveAs)).toBe(false);
  }, 60_000);

  it('redraws its own artwork for another shirt colour, and leaves the default shirt and any other SVG alone', async () => {
    pool = createArtEnginePool({ threads: 1, queueLimit: 10 });
    const onBlack = (await pool.generate(request, 42)).svg.toString('utf8');
    const onWhite = await pool.forShirt(onBlack, 'White');
    expect(onWhite).toMatch(/^<svg/);
    expect(onWhite).not.toBe(onBlack);
    expect(await pool.forShirt(onBlack, 'White')).toBe(onWhite);
    expect(await pool.forShirt(onBlack, 'Black')).toBe(onBlack);
    expect(await pool.forShirt(onBlack, undefined)).toBe(onBlack);
    const foreign = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(await pool.forShirt(foreign, 'White')).toBe(foreign);
  }, 60_000);

  it('refuses a drawing past its threads and queue with a 503 that says when to retry', async () => {
    pool = createArtEnginePool({ threads: 1, queueLimit: 1, taskModule: HELD_TASK_MODULE });
    const { refused, finished } = await refusalByAFullPool((job) => pool!.forShirt(job, 'White'));
    expect(refused).toBeInstanceOf(ArtEngineBusyError);
    expect((refused as ArtEngineBusyError).statusCode).toBe(503);
    expect((refused as ArtEngineBusyError).code).toBe('art_engine_busy');
    expect(Number((refused as ArtEngineBusyError).headers['retry-after'])).toBeGreaterThan(0);
    expect(finished).toEqual(['done a', 'done b']);
  });
});
