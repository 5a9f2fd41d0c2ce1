/**
 * The contrast rule judged from rendered pixels: what the benchmark and the engine's own tests
 * check every artwork against, and what the server checks an image model's picture against.
 * Node-only (it renders with resvg).
 */
export { measureInk, type InkReport, type LetteringLineReport } from './measureInk';
export { inkRuleProblems, MIN_EDGE_SHARE, MIN_LETTERING_SHARE, MIN_WIDTH_SHARE } from './inkRule';
export { contrastRatio, MIN_CONTRAST } from './contrast';
export {
  pictureAdvice,
  plainColorName,
  PICTURE_ADVICE_WIDTH,
  type PictureRaster,
} from './pictureAdvice';
export { subjectSpan } from './subjectSpan';
