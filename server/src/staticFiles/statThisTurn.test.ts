import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statThisTurn } from './statThisTurn';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('statThisTurn', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'tshirt-stat-turn-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('answers one stat per file for the rest of the loop turn, and a fresh one in the next', async () => {
    const file = join(folder, 'remoteEntry.js');
    writeFileSync(file, 'release 1');
    await nextTurn();
    const first = statThisTurn(file);
    expect(first?.size).toBe(9);

    writeFileSync(file, 'release two');
    expect(statThisTurn(file)).toBe(first);

    await nextTurn();
    expect(statThisTurn(file)?.size).toBe(11);
  });

  it('says nothing is there for a missing file or one below a file, in this turn and the next', async () => {
    const missing = join(folder, 'gone.js');
    expect(statThisTurn(missing)).toBeUndefined();
    writeFileSync(missing, 'here now');
    expect(statThisTurn(missing)).toBeUndefined();
    await nextTurn();
    expect(statThisTurn(missing)?.isFile()).toBe(true);
    expect(statThisTurn(join(missing, 'below.js'))).toBeUndefined();
  });
});
