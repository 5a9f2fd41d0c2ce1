export { MOTIFS, motifById } from './library';
export { findMotifs, motifForWord, tokenize, type MotifMatch } from './keywordIndex';
export type { Motif, MotifPart, PartRole, Shape, MotifCategory } from './motif';
