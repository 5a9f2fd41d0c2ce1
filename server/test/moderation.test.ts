/**
 * What a print shop refuses, the store refuses (SPEC §12): obscene, hateful and violent words,
 * slurs and hate codes, however spelled, in any art field, before anything is drawn or counted;
 * ordinary words that merely hold such letters are drawn.
 */
import { TYPED_ART_FIELDS } from '../src/moderation/refusedFields';
import { withTestServer } from './fixtures';
import { expectErrorShape, newVisitor, query, VALID_ORDER } from './helpers';

const server = withTestServer({ env: { GENERATION_DAILY_LIMIT: '2' } });

type Visitor = ReturnType<typeof newVisitor>;

function generate(params: Record<string, string>, visitor: Visitor = newVisitor()) {
  return server.request(`/creator/generate_image?${query(params)}`, { headers: visitor });
}

async function quotaUsed(visitor: Visitor): Promise<number> {
  const rows = await server.db.query<{ count: number }>(
    'SELECT count FROM generation_quota WHERE client_key = $1',
    [visitor['x-forwarded-for']],
  );
  return rows[0]?.count ?? 0;
}

async function imagesKept(): Promise<number> {
  const rows = await server.db.query<{ count: string | number }>('SELECT count(*) AS count FROM images');
  return Number(rows[0]?.count ?? 0);
}

/** Requests a print shop refuses, evasions included; each is sent in every field in turn. */
const OFFENSIVE = [
  'fuck you, idiots',
  'FUCK',
  'f*ck',
  'f**k off',
  'f u c k',
  'f.u.c.k',
  'fvck this',
  'phuck',
  'motherf*cker',
  'sh1t happens',
  'sh*t',
  's h i t',
  'bullsh!t',
  'a**hole',
  'b!tch',
  'c u n t',
  'Ｆｕｃｋ',
  'wh0re',
  'p0rn star',
  'nazi',
  'n4zi',
  'N A Z I',
  'neo-nazi pride',
  'heil hitler',
  'sieg heil',
  'swastika',
  '卐',
  '1488',
  '14/88',
  'HH 88',
  '88 heil',
  'kkk',
  'k k k',
  'ku klux klan',
  'white power',
  'n*gger',
  'n1gga',
  'sand n1gger',
  'gook',
  'wetback',
  'kill all jews',
  'kill yourself',
  'kys',
  'death to cops',
  'school shooting',
  'hijo de puta',
  'scheiße',
  'putain',
];

/** Ordinary requests that naive filters refuse (Scunthorpe problem); each is drawn. */
const HARMLESS = [
  'Scunthorpe United',
  'cocktails',
  'bass fishing',
  'Dick',
  'Moby Dick',
  'Dick Van Dyke',
  'Sussex',
  'Middlesex cricket',
  "Assassin's Creed",
  'shoot hoops',
  'killer whale',
  'grapes',
  'my therapist',
  'Matsushita',
  'shiitake mushrooms',
  'cumin and curry',
  'summa cum laude',
  'cockatoo',
  'peacock',
  'cockpit',
  'Hitchcock films',
  'shuttlecock',
  'Penistone',
  'pussy willow',
  'blue tit',
  'analysis',
  'canal boats',
  'Arsenal',
  'Uranus',
  'titanic',
  'Spice Girls',
  'Pakistan',
  'negro y rojo',
  'hooker on the rugby team',
  'scat singing',
  'turducken',
  'fire retardant',
  'Emily Dickinson',
  'Charles Dickens',
  '88th birthday',
  'class of 88',
  'Petri Heil',
  'shih tzu',
  'blue-footed booby',
  'sextant',
  'C# developer',
  '#1 dad',
  'the Killers',
];

describe('refusing what a print shop would refuse', () => {
  it.each(OFFENSIVE.map((text, index) => [text, TYPED_ART_FIELDS[index % TYPED_ART_FIELDS.length]!]))(
    'refuses “%s” in %s with a 422 naming the field, before anything is drawn or counted',
    async (text, field) => {
      const visitor = newVisitor();
      const before = await imagesKept();
      const response = await generate({ interests: 'cats', [field]: text }, visitor);
      expect(response.status).toBe(422);
      const body = (await response.json()) as {
        error: { code: string; message: string; field?: string };
      };
      expectErrorShape(body);
      expect(body.error).toMatchObject({ code: 'content_refused', field });
      expect(body.error.message).toMatch(/can’t print/);
      // Nothing of the request is echoed back.
      expect(body.error.message).not.toContain(text);
      expect(await quotaUsed(visitor)).toBe(0);
      expect(await imagesKept()).toBe(before);
    },
  );

  it.each(HARMLESS)('draws “%s”', async (text) => {
    // Beside a subject the engine surely draws: a name it cannot draw is not what is tested here.
    const response = await generate({ interests: `cats, ${text}`, target: text, style: 'Cartoon' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { image_url: string }).image_url).toMatch(
      /^\/creator\/images\/.+\.svg$/,
    );
  });

  it('keeps the daily limit whole for a shopper whose words were refused', async () => {
    const visitor = newVisitor();
    for (const text of ['fuck', 'nazi', 'kill all', 'f u c k', 'kkk']) {
      expect((await generate({ interests: text }, visitor)).status).toBe(422);
    }
    expect((await generate({ interests: 'owls' }, visitor)).status).toBe(200);
    expect((await generate({ interests: 'owls' }, visitor)).status).toBe(200);
    expect((await generate({ interests: 'owls' }, visitor)).status).toBe(429);
  });

  it('refuses a checkout whose prompt holds refused words, and places no order', async () => {
    const drawn = (await (await generate({ interests: 'owls' })).json()) as {
      image_url: string;
      prompt: string;
    };
    const checkout = (prompt: string) =>
      server.request(
        `/creator/checkout?${query({ ...VALID_ORDER, imageURL: drawn.image_url, prompt })}`,
        { method: 'POST', headers: newVisitor() },
      );
    const orders = async () =>
      Number((await server.db.query<{ count: string }>('SELECT count(*) AS count FROM orders'))[0]?.count);
    const before = await orders();

    const refused = await checkout('An owl, lettered “f u c k the police”');
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { code: string; field?: string } };
    expectErrorShape(body);
    expect(body.error).toMatchObject({ code: 'content_refused', field: 'prompt' });
    expect(await orders()).toBe(before);

    expect((await checkout(drawn.prompt)).status).toBe(200);
  });
});
