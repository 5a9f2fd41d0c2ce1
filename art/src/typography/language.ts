/**
 * The language a request is written in, from its words, so the lettering speaks it whole: a
 * Spanish request is lettered "Feliz Cumpleaños, Papá", never "Happy Cumpleaños". English unless
 * the words say otherwise; languages the fonts cannot letter (Japanese) are lettered in English.
 */

export type LetteringLanguage = 'en' | 'es' | 'de' | 'fr' | 'pt';

const MARKERS: ReadonlyArray<[LetteringLanguage, RegExp]> = [
  ['es', /\b(?:cumplea\S*|navidad|feliz|pap[aá]|mam[aá]|abuel[oa]s?|herman[oa]s?|hij[oa]s?|t[ií][oa]|esposa?|esposo|amig[oa]s?|mis?|para|d[ií]a|jubilaci[oó]n|f[uú]tbol|caf[eé]|con|perros?|gatos?|del|los|las)\b|ñ/giu],
  ['de', /\b(?:geburtstag|weihnachten|vatertag|muttertag|ruhestand|opa|oma|vati|mutti|vater|mutter|bruder|schwester|sohn|tochter|mein|meine|meinen|meinem|f[uü]r|und|mit|katzen?|hunde?|fu[sß]ball|kaffee|der|die|das)\b|[ßäöü]/giu],
  ['fr', /\b(?:anniversaire|no[eë]l|f[eê]te|maman|papi|papy|mamie|fr[eè]re|s[oœ]eur|fils|fille|mon|mes|pour|et|avec|chats?|chiens?|p[eè]res?|m[eè]res?|retraite|les|du)\b|[çèêœ]/giu],
  ['pt', /\b(?:anivers[aá]rio|natal|pai|m[aã]e|av[oóô]|irm[aã]o?|filh[oa]|meu|minha|com|gatos?|cachorros?|futebol|caf[eé]|dia|dos|das|aposentadoria)\b|[ãõ]/giu],
];

export function detectLanguage(...texts: string[]): LetteringLanguage {
  const text = texts.join(' ').toLowerCase();
  let best: LetteringLanguage = 'en';
  let bestScore = 0;
  for (const [language, pattern] of MARKERS) {
    const score = text.match(pattern)?.length ?? 0;
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}

export interface LanguageWords {
  /** Occasion patterns and the greeting a card in this language says. */
  greetings: ReadonlyArray<[RegExp, string]>;
  /** "For my husband". */
  forWord: string;
  /** Words naming family, with "m" or "f" for the languages whose adjectives agree. */
  relations: Readonly<Record<string, 'm' | 'f'>>;
  possessives: readonly string[];
  /** "World's Best Mom" in this language. */
  best(relation: string, gender: 'm' | 'f'): string;
  /** Slogans on one theme ({X}) and on two ({X}, {Y}). */
  slogans: readonly string[];
  pairSlogans: readonly string[];
}

const word = (list: string, gender: 'm' | 'f') => Object.fromEntries(list.split(' ').map((entry) => [entry, gender]));

export const LANGUAGES: Readonly<Record<Exclude<LetteringLanguage, 'en'>, LanguageWords>> = {
  es: {
    greetings: [
      [/cumplea/, 'Feliz Cumpleaños'],
      [/navidad/, 'Feliz Navidad'],
      [/a[nñ]o nuevo/, 'Feliz Año Nuevo'],
      [/d[ií]a del padre/, 'Feliz Día del Padre'],
      [/d[ií]a de la madre/, 'Feliz Día de la Madre'],
      [/jubila/, 'Feliz Jubilación'],
      [/aniversario/, 'Feliz Aniversario'],
      [/graduaci/, 'Felicidades, Graduado'],
    ],
    forWord: 'Para',
    relations: { ...word('papá papa papi padre abuelo hermano hijo tío esposo amigo', 'm'), ...word('mamá mama mami madre abuela hermana hija tía esposa amiga', 'f') },
    possessives: ['mi', 'mis', 'nuestro', 'nuestra'],
    best: (relation) => `Mejor ${relation} del Mundo`,
    slogans: ['{X} Para Siempre', 'Siempre {X}', 'Club de {X}', 'Vivo de {X}'],
    pairSlogans: ['Amo {X} y {Y}', 'Vivo de {X} y {Y}', 'Siempre {X} y {Y}'],
  },
  de: {
    greetings: [
      [/geburtstag/, 'Alles Gute zum Geburtstag'],
      [/weihnacht/, 'Frohe Weihnachten'],
      [/neujahr|silvester/, 'Frohes Neues Jahr'],
      [/vatertag/, 'Alles Gute zum Vatertag'],
      [/muttertag/, 'Alles Gute zum Muttertag'],
      [/ruhestand|rente/, 'Alles Gute zum Ruhestand'],
      [/hochzeitstag|jahrestag/, 'Alles Gute zum Jahrestag'],
    ],
    forWord: 'Für',
    relations: { ...word('papa vati vater opa bruder sohn onkel mann freund', 'm'), ...word('mama mutti mutter oma schwester tochter tante frau freundin', 'f') },
    possessives: ['mein', 'meine', 'meinen', 'meinem', 'unser', 'unsere'],
    best: (relation, gender) => `${gender === 'f' ? 'Beste' : 'Bester'} ${relation} der Welt`,
    slogans: ['Für Immer {X}', 'Team {X}', '{X} Forever', 'Immer {X}'],
    pairSlogans: ['Ich Liebe {X} & {Y}', 'Team {X} & {Y}', 'Für Immer {X} & {Y}'],
  },
  fr: {
    greetings: [
      [/anniversaire de mariage/, 'Joyeux Anniversaire de Mariage'],
      [/anniversaire/, 'Joyeux Anniversaire'],
      [/no[eë]l/, 'Joyeux Noël'],
      [/nouvel an|bonne ann/, 'Bonne Année'],
      [/f[eê]te des p[eè]res/, 'Bonne Fête des Pères'],
      [/f[eê]te des m[eè]res/, 'Bonne Fête des Mères'],
      [/retraite/, 'Bonne Retraite'],
    ],
    forWord: 'Pour',
    relations: { ...word('papa papi papy père grand-père frère fils oncle mari ami', 'm'), ...word('maman mamie mère grand-mère sœur soeur fille tante femme amie', 'f') },
    possessives: ['mon', 'ma', 'mes', 'notre'],
    best: (relation, gender) => `${gender === 'f' ? 'Meilleure' : 'Meilleur'} ${relation} du Monde`,
    slogans: ['{X} Pour Toujours', 'Team {X}', 'Fan de {X}', 'Toujours {X}'],
    pairSlogans: ['J’aime {X} & {Y}', 'Fan de {X} & {Y}', 'Team {X} & {Y}'],
  },
  pt: {
    greetings: [
      [/anivers[aá]rio de casamento/, 'Feliz Aniversário de Casamento'],
      [/anivers/, 'Feliz Aniversário'],
      [/natal/, 'Feliz Natal'],
      [/ano novo/, 'Feliz Ano Novo'],
      [/dia dos pais/, 'Feliz Dia dos Pais'],
      [/dia das m[aã]es/, 'Feliz Dia das Mães'],
      [/aposentadoria|reforma/, 'Feliz Aposentadoria'],
    ],
    forWord: 'Para',
    relations: { ...word('pai papai avô irmão filho tio marido amigo', 'm'), ...word('mãe mamãe avó irmã filha tia esposa amiga', 'f') },
    possessives: ['meu', 'minha', 'meus', 'minhas', 'nosso', 'nossa'],
    best: (relation) => `Melhor ${relation} do Mundo`,
    slogans: ['{X} Para Sempre', 'Sempre {X}', 'Time {X}', 'Viva {X}'],
    pairSlogans: ['Amo {X} e {Y}', 'Sempre {X} e {Y}', '{X} e {Y} Para Sempre'],
  },
};

/** English slogans on one theme and on two. */
/** `{X:one}`: the theme as a noun before another ("Dinosaur Squad", not "Dinosaurs Squad"). */
export const ENGLISH_SLOGANS = [
  '{X:one} Club',
  'Powered by {X}',
  'Eat. Sleep. {X}. Repeat.',
  'Just Here for the {X}',
  '{X} {Is} My Therapy',
  'Certified {X:one} Fan',
  'Life Is Better with {X}',
  '{X:one} Squad',
  'Official {X:one} Crew',
];
/** Never the bare "{X} & {Y}": a line that only repeats the words typed says nothing. */
export const ENGLISH_PAIR_SLOGANS = ['{X} & {Y} Club', 'Powered by {X} & {Y}', 'All About {X} & {Y}', 'Fueled by {X} & {Y}', 'Two Loves: {X} & {Y}'];
