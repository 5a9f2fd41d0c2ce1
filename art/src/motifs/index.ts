export { MOTIFS, motifById } from './library';
export { findMotifs, motifForWord, tokenize, type MotifMatch } from './keywordIndex';
export { motifName, type Motif, type MotifPart, type MotifPlace, type PartRole, type Shape, type MotifCategory } from './motif';
