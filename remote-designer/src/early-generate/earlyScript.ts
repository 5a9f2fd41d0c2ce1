/** The entry of the designer's early script (tooling/build/earlyScript.ts builds it on its own). */
import { listenForEarlyGenerate } from './earlyGenerate';

listenForEarlyGenerate(window);
